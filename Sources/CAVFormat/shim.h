#ifndef EXHIBIT_CAVFORMAT_SHIM_H
#define EXHIBIT_CAVFORMAT_SHIM_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/log.h>

/// AV_NOPTS_VALUE is a cast macro Swift cannot import.
static inline int64_t exhibit_av_nopts_value(void) { return AV_NOPTS_VALUE; }

/// AVERROR_EOF is a function-like macro.
static inline int exhibit_averror_eof(void) { return AVERROR_EOF; }

/// AVERROR_EXIT is a function-like macro: returned when the interrupt callback stopped a call.
static inline int exhibit_averror_exit(void) { return AVERROR_EXIT; }

/// AVERROR_INVALIDDATA is a function-like macro.
static inline int exhibit_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }

#endif
