// SCAN_HOT_PATH marks the few functions every call runs through, from the front end's checks to
// a backend's scan. GCC and Clang place such functions together (.text.hot), so that a call made
// between other work, whose code the cache no longer holds, meets one page of cold code rather
// than one per translation unit. SCAN_RARE_PATH marks checks the common call skips: kept out of
// line, so that the hot functions stay short.
#pragma once

#if defined(__GNUC__)
#define SCAN_HOT_PATH [[gnu::hot]]
#define SCAN_RARE_PATH [[gnu::noinline, gnu::cold]]
#else
#define SCAN_HOT_PATH
#define SCAN_RARE_PATH
#endif
