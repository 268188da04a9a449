fn main() -> std::process::ExitCode {
    errdex::cli::main()
}
