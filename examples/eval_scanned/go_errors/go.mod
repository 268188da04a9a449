module errdex.eval/go_errors

go 1.19
