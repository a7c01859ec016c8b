// The FNV-1a hash of an array of doubles' bits, for the executed tests of this folder:
// two builds that compute the same values print the same hash.
#include <stddef.h>
#include <string.h>

static unsigned long long hash(const double *p, size_t count) {
  unsigned long long h = 1469598103934665603ULL;
  for (size_t i = 0; i < count; i++) {
    unsigned long long bits;
    memcpy(&bits, &p[i], sizeof bits);
    h = (h ^ bits) * 1099511628211ULL;
  }
  return h;
}
