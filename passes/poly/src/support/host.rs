//! The host's data caches, read once at compile time from Linux sysfs, for the
//! locality model (seed 000 §4.1: a line holds `line size / element size` elements),
//! and the width of its vector registers, for the register block. Options override
//! them when cross-compiling; when sysfs can't be read, common x86-64 values stand in.

use std::sync::OnceLock;

/// Sizes in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caches {
    pub line: u64,
    pub l1d: u64,
    pub l2: u64,
}

impl Caches {
    /// What stands in when the host can't be read.
    pub const FALLBACK: Caches = Caches {
        line: 64,
        l1d: 32 * 1024,
        l2: 512 * 1024,
    };
}

/// The host's caches (read once per process).
pub fn host_caches() -> Caches {
    static CACHES: OnceLock<Caches> = OnceLock::new();
    *CACHES.get_or_init(|| read_sysfs("/sys/devices/system/cpu/cpu0/cache"))
}

/// Bytes of one vector register of the host: 64 with AVX-512, 32 with AVX, else 16
/// (SSE2 on x86-64, NEON on aarch64). The register block holds 8 such registers
/// (`transform::register_tile`), so that LLVM's vectorizer fills them.
pub fn host_vector_bytes() -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            return 64;
        }
        if std::arch::is_x86_feature_detected!("avx") {
            return 32;
        }
    }
    16
}

/// The host's CPU model (`model name` in /proc/cpuinfo), for the tuning database's
/// target; "unknown" when it can't be read.
pub fn host_cpu_model() -> String {
    static MODEL: OnceLock<String> = OnceLock::new();
    MODEL
        .get_or_init(|| {
            std::fs::read_to_string("/proc/cpuinfo")
                .ok()
                .and_then(|text| {
                    text.lines()
                        .find_map(|l| l.strip_prefix("model name"))
                        .and_then(|rest| rest.split_once(':'))
                        .map(|(_, name)| name.trim().to_string())
                })
                .unwrap_or_else(|| "unknown".to_string())
        })
        .clone()
}

/// The OpenMP threads the optimized code will most likely run with:
/// `OMP_NUM_THREADS` at compile time when it is set, else the CPUs this process may
/// use (libomp's default).
pub fn expected_threads() -> usize {
    std::env::var("OMP_NUM_THREADS")
        .ok()
        .and_then(|v| v.split(',').next().and_then(|n| n.trim().parse().ok()))
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Reads `index*/{level,type,size,coherency_line_size}` under `dir`; anything
/// missing or unreadable keeps its [`Caches::FALLBACK`] value.
fn read_sysfs(dir: &str) -> Caches {
    let mut caches = Caches::FALLBACK;
    let read = |index: usize, file: &str| {
        std::fs::read_to_string(format!("{dir}/index{index}/{file}"))
            .ok()
            .map(|s| s.trim().to_string())
    };
    for index in 0..8 {
        let (Some(level), Some(kind)) = (read(index, "level"), read(index, "type")) else {
            continue;
        };
        if kind == "Instruction" {
            continue;
        }
        let size = read(index, "size").and_then(|s| parse_size(&s));
        match (level.as_str(), size) {
            ("1", Some(size)) => caches.l1d = size,
            ("2", Some(size)) => caches.l2 = size,
            _ => {}
        }
        if level == "1" {
            if let Some(line) = read(index, "coherency_line_size").and_then(|s| s.parse().ok()) {
                if line > 0 {
                    caches.line = line;
                }
            }
        }
    }
    caches
}

/// `32K`, `1024K`, `32M` or a plain byte count.
fn parse_size(text: &str) -> Option<u64> {
    let (digits, unit) = match text.strip_suffix(['K', 'k']) {
        Some(d) => (d, 1024),
        None => match text.strip_suffix(['M', 'm']) {
            Some(d) => (d, 1024 * 1024),
            None => (text, 1),
        },
    };
    digits.parse::<u64>().ok().map(|n| n * unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_with_units() {
        assert_eq!(parse_size("32K"), Some(32 * 1024));
        assert_eq!(parse_size("32768K"), Some(32 << 20));
        assert_eq!(parse_size("2M"), Some(2 << 20));
        assert_eq!(parse_size("4096"), Some(4096));
        assert_eq!(parse_size("big"), None);
    }

    #[test]
    fn unreadable_host_falls_back() {
        assert_eq!(read_sysfs("/nonexistent"), Caches::FALLBACK);
    }

    #[test]
    fn host_vector_is_a_register_width() {
        assert!([16, 32, 64].contains(&host_vector_bytes()));
    }

    #[test]
    fn host_values_are_sane() {
        let c = host_caches();
        assert!(c.line.is_power_of_two() && c.line >= 16, "{c:?}");
        assert!(c.l1d >= 4096 && c.l2 >= c.l1d, "{c:?}");
    }
}
