#ifndef EXHIBIT_CDECIMAL_SHIM_H
#define EXHIBIT_CDECIMAL_SHIM_H

#include <stddef.h>
#include <stdio.h>

/// Writes `value` as C's `%*.*f` does: `places` decimals, right-aligned in `width` characters.
/// Swift cannot call a variadic C function; through this one it needs no `CVarArg` list either.
static inline int exhibit_format_decimal(char *buffer, size_t size, double value, int width, int places) {
  return snprintf(buffer, size, "%*.*f", width, places, value);
}

#endif
