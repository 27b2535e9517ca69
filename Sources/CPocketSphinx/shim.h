#ifndef EXHIBIT_CPOCKETSPHINX_SHIM_H
#define EXHIBIT_CPOCKETSPHINX_SHIM_H

#include <stddef.h>
#include <stdint.h>

// The parts of pocketsphinx 5prealpha's C API (Debian's libpocketsphinx3 and libsphinxbase3)
// that listening calls, declared as the function pointer types SpeechLibraries.swift looks up
// with dlsym. They follow the declarations in pocketsphinx.h, ps_search.h, cmd_ln.h and
// logmath.h of that release; the library's types stay opaque.

typedef struct ps_decoder_s ps_decoder_t;
typedef struct cmd_ln_s cmd_ln_t;
typedef struct arg_s arg_t;
typedef struct ps_seg_s ps_seg_t;
typedef struct logmath_s logmath_t;

/// The decoder's argument definitions.
typedef const arg_t *(*exhibit_ps_args_fn)(void);
/// Parses arguments as a command line would give them (not variadic, so Swift can call it).
typedef cmd_ln_t *(*exhibit_cmd_ln_parse_r_fn)(cmd_ln_t *inout, const arg_t *definitions, int32_t argc,
                                               char *argv[], int32_t strict);
typedef int (*exhibit_cmd_ln_free_r_fn)(cmd_ln_t *config);
typedef ps_decoder_t *(*exhibit_ps_init_fn)(cmd_ln_t *config);
typedef int (*exhibit_ps_free_fn)(ps_decoder_t *decoder);
/// Adds a word and its phones (space separated, the model's phone set) to the dictionary.
typedef int (*exhibit_ps_add_word_fn)(ps_decoder_t *decoder, const char *word, const char *phones, int update);
/// A word's phones, which the caller frees, or NULL when the dictionary lacks it.
typedef char *(*exhibit_ps_lookup_word_fn)(ps_decoder_t *decoder, const char *word);
/// Adds a keyword-spotting search from a file of `phrase /threshold/` lines.
typedef int (*exhibit_ps_set_kws_fn)(ps_decoder_t *decoder, const char *name, const char *keyfile);
typedef int (*exhibit_ps_set_search_fn)(ps_decoder_t *decoder, const char *name);
/// Starts a new stream of audio: frame numbers count from zero again.
typedef int (*exhibit_ps_start_stream_fn)(ps_decoder_t *decoder);
typedef int (*exhibit_ps_start_utt_fn)(ps_decoder_t *decoder);
typedef int (*exhibit_ps_end_utt_fn)(ps_decoder_t *decoder);
typedef int (*exhibit_ps_process_raw_fn)(ps_decoder_t *decoder, const int16_t *data, size_t samples, int no_search,
                                         int full_utterance);
/// Whether the decoder's voice activity detection hears speech now.
typedef uint8_t (*exhibit_ps_get_in_speech_fn)(ps_decoder_t *decoder);
typedef ps_seg_t *(*exhibit_ps_seg_iter_fn)(ps_decoder_t *decoder);
typedef ps_seg_t *(*exhibit_ps_seg_next_fn)(ps_seg_t *segment);
typedef const char *(*exhibit_ps_seg_word_fn)(ps_seg_t *segment);
typedef void (*exhibit_ps_seg_frames_fn)(ps_seg_t *segment, int *start_frame, int *end_frame);
typedef int32_t (*exhibit_ps_seg_prob_fn)(ps_seg_t *segment, int32_t *acoustic, int32_t *language,
                                          int32_t *backoff);
typedef void (*exhibit_ps_seg_free_fn)(ps_seg_t *segment);
typedef logmath_t *(*exhibit_ps_get_logmath_fn)(ps_decoder_t *decoder);
typedef double (*exhibit_logmath_exp_fn)(logmath_t *logmath, int log_value);
/// C's free, for the strings ps_lookup_word returns (sphinxbase allocates with malloc).
typedef void (*exhibit_free_fn)(void *pointer);

#endif
