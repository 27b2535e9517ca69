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

/// The type of each libav function Exhibit calls, as a pointer: Exhibit does not link the
/// libraries, it opens them on first use (LibAV.swift) and looks these functions up, so a
/// command that reads no media never loads them. `__typeof__` takes the type from the
/// declaration without referring to the symbol, so the compiler still checks every call.
typedef __typeof__(av_log_set_level) *exhibit_av_log_set_level_fn;
typedef __typeof__(av_find_input_format) *exhibit_av_find_input_format_fn;
typedef __typeof__(avformat_alloc_context) *exhibit_avformat_alloc_context_fn;
typedef __typeof__(av_strdup) *exhibit_av_strdup_fn;
typedef __typeof__(avformat_open_input) *exhibit_avformat_open_input_fn;
typedef __typeof__(avformat_find_stream_info) *exhibit_avformat_find_stream_info_fn;
typedef __typeof__(avformat_close_input) *exhibit_avformat_close_input_fn;
typedef __typeof__(avformat_seek_file) *exhibit_avformat_seek_file_fn;
typedef __typeof__(av_d2q) *exhibit_av_d2q_fn;
typedef __typeof__(av_packet_alloc) *exhibit_av_packet_alloc_fn;
typedef __typeof__(av_packet_free) *exhibit_av_packet_free_fn;
typedef __typeof__(av_read_frame) *exhibit_av_read_frame_fn;
typedef __typeof__(av_packet_unref) *exhibit_av_packet_unref_fn;
typedef __typeof__(avcodec_get_name) *exhibit_avcodec_get_name_fn;
typedef __typeof__(av_dict_get) *exhibit_av_dict_get_fn;
typedef __typeof__(av_strerror) *exhibit_av_strerror_fn;
typedef __typeof__(avformat_index_get_entries_count) *exhibit_avformat_index_get_entries_count_fn;
typedef __typeof__(avformat_index_get_entry) *exhibit_avformat_index_get_entry_fn;

/// An index entry's size, a bit-field.
static inline int64_t exhibit_index_entry_size(const AVIndexEntry *entry) { return entry->size; }

#endif
