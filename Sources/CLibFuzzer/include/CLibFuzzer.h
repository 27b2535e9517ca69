#ifndef EXHIBIT_CLIBFUZZER_H
#define EXHIBIT_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for programs that keep their own `main` (SwiftPM names an executable's
/// entry point itself, so libFuzzer's `main` cannot be used). Only the `-sanitize=fuzzer` build of
/// exhibit-fuzz calls it; the symbol comes from the fuzzer runtime.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
