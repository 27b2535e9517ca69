#ifndef EXHIBIT_CAVFORMAT_SHIM_H
#define EXHIBIT_CAVFORMAT_SHIM_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libavutil/frame.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>

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

// Decoding a still frame (FrameDecoder.swift): libavcodec's decoders and PNG encoder, libavutil's
// frames, libswscale's conversion to RGB.
typedef __typeof__(av_find_best_stream) *exhibit_av_find_best_stream_fn;
typedef __typeof__(av_seek_frame) *exhibit_av_seek_frame_fn;
typedef __typeof__(avcodec_find_decoder) *exhibit_avcodec_find_decoder_fn;
typedef __typeof__(avcodec_find_encoder) *exhibit_avcodec_find_encoder_fn;
typedef __typeof__(avcodec_alloc_context3) *exhibit_avcodec_alloc_context3_fn;
typedef __typeof__(avcodec_free_context) *exhibit_avcodec_free_context_fn;
typedef __typeof__(avcodec_parameters_to_context) *exhibit_avcodec_parameters_to_context_fn;
typedef __typeof__(avcodec_open2) *exhibit_avcodec_open2_fn;
typedef __typeof__(avcodec_send_packet) *exhibit_avcodec_send_packet_fn;
typedef __typeof__(avcodec_receive_frame) *exhibit_avcodec_receive_frame_fn;
typedef __typeof__(avcodec_send_frame) *exhibit_avcodec_send_frame_fn;
typedef __typeof__(avcodec_receive_packet) *exhibit_avcodec_receive_packet_fn;
typedef __typeof__(av_frame_alloc) *exhibit_av_frame_alloc_fn;
typedef __typeof__(av_frame_free) *exhibit_av_frame_free_fn;
typedef __typeof__(av_frame_get_buffer) *exhibit_av_frame_get_buffer_fn;
typedef __typeof__(av_frame_ref) *exhibit_av_frame_ref_fn;
typedef __typeof__(av_frame_unref) *exhibit_av_frame_unref_fn;
typedef __typeof__(sws_getContext) *exhibit_sws_getContext_fn;
typedef __typeof__(sws_scale) *exhibit_sws_scale_fn;
typedef __typeof__(sws_freeContext) *exhibit_sws_freeContext_fn;
typedef __typeof__(sws_getCoefficients) *exhibit_sws_getCoefficients_fn;
typedef __typeof__(sws_setColorspaceDetails) *exhibit_sws_setColorspaceDetails_fn;

// Decoding a recording's audio for listening (AudioDecoder.swift): libswresample converts it to
// 16 kHz mono 16-bit samples, the speech recogniser's input.
typedef __typeof__(swr_alloc_set_opts2) *exhibit_swr_alloc_set_opts2_fn;
typedef __typeof__(swr_init) *exhibit_swr_init_fn;
typedef __typeof__(swr_convert) *exhibit_swr_convert_fn;
typedef __typeof__(swr_free) *exhibit_swr_free_fn;
typedef __typeof__(av_channel_layout_default) *exhibit_av_channel_layout_default_fn;

/// Resamples `source` (a decoded audio frame; NULL flushes) into `output`, up to `capacity`
/// samples: the frame's plane array is a C array Swift imports as a tuple.
static inline int exhibit_resample_frame(exhibit_swr_convert_fn convert, struct SwrContext *context,
                                         int16_t *output, int capacity, const AVFrame *source) {
  uint8_t *out[1] = {(uint8_t *)output};
  if (source == NULL) return convert(context, out, capacity, NULL, 0);
  return convert(context, out, capacity, (const uint8_t **)source->extended_data, source->nb_samples);
}

/// Tells `context` the colours of `source` (its matrix and whether its range is full, as screen
/// recorders write), converting to full-range RGB: without this, libswscale takes every frame for
/// limited-range BT.601 and a full-range recording's whites and greys come out wrong.
static inline int exhibit_scale_colours(exhibit_sws_getCoefficients_fn coefficients,
                                        exhibit_sws_setColorspaceDetails_fn details,
                                        struct SwsContext *context, const AVFrame *source) {
  int matrix;
  switch (source->colorspace) {
  case AVCOL_SPC_BT709: matrix = SWS_CS_ITU709; break;
  case AVCOL_SPC_FCC: matrix = SWS_CS_FCC; break;
  case AVCOL_SPC_SMPTE240M: matrix = SWS_CS_SMPTE240M; break;
  case AVCOL_SPC_BT2020_NCL: case AVCOL_SPC_BT2020_CL: matrix = SWS_CS_BT2020; break;
  default: matrix = SWS_CS_DEFAULT; break;
  }
  int full = source->color_range == AVCOL_RANGE_JPEG;
  return details(context, coefficients(matrix), full, coefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
}

/// AVERROR(EAGAIN), a function-like macro: a decoder wants more input before it has a frame.
static inline int exhibit_averror_eagain(void) { return AVERROR(EAGAIN); }

/// Converts `source` into `target` (allocated at the same size) through `scale` (`sws_scale`,
/// looked up at run time): the frames' plane arrays are C arrays Swift imports as tuples.
static inline int exhibit_scale_frame(exhibit_sws_scale_fn scale, struct SwsContext *context,
                                      const AVFrame *source, AVFrame *target) {
  return scale(context, (const uint8_t *const *)source->data, source->linesize, 0, source->height,
               target->data, target->linesize);
}

/// An index entry's size, a bit-field.
static inline int64_t exhibit_index_entry_size(const AVIndexEntry *entry) { return entry->size; }

#endif
