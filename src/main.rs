// Loading and searching allocate many small strings on several threads at once; glibc's
// per-thread arenas spent a third of a warm start growing themselves page by page.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    errdex::cli::main()
}
