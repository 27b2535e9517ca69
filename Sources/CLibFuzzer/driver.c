// CLibFuzzer only declares libFuzzer's driver (include/CLibFuzzer.h); SwiftPM needs a source file.
#include "CLibFuzzer.h"
