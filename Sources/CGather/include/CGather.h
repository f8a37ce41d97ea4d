// CGather: the taps of sixteen bilinear samples read from a window of the texture rather than one
// load each. Sixteen neighbouring pixels of a page in perspective, or of a page bent on a mesh,
// read within five texture rows and sixty-four columns, as do sixteen of a row of an image scaled by
// more than about a quarter: each row that holds their taps is two vector loads (four where some
// lane's lie past the first thirty-two texels), and AVX-512's two-source lane permute (vpermt2d)
// picks every lane's left and right texel from them — in the commonest case six loads, six permutes
// and four masked moves, against thirty-two scalar loads and the inserts and shuffles that assemble
// them. Which of the window's first four rows a lane's taps start on is a mask, not a branch; rows
// and halves no lane reads are not loaded. Swift has no word for
// the permute, so it is said here, compiled for AVX-512F whatever the rest of the build targets and
// called only where the CPU has it (`segue_window_taps_available`). A ramp's colours are read the
// same way, eight from one window of the table (`segue_table_window8`).
#ifndef CGATHER_H
#define CGATHER_H

#include <stdint.h>

#if defined(__x86_64__) && defined(__clang__)
#include <immintrin.h>
#define SEGUE_WINDOW_TAPS 1
#define SEGUE_AVX512F __attribute__((target("avx512f")))
#define SEGUE_TARGET_AVX2 __attribute__((target("avx2")))
#else
#define SEGUE_AVX512F
#define SEGUE_TARGET_AVX2
#endif

/// Whether this CPU runs `segue_window_taps` (it has AVX-512F).
static inline int segue_window_taps_available(void) {
#if SEGUE_WINDOW_TAPS
    return __builtin_cpu_supports("avx512f");
#else
    return 0;
#endif
}

/// Taps of sixteen samples whose top-left texels are at columns `cx`, rows `ry` (sixteen each: passed
/// through memory, so that callers built without AVX-512 agree on how) of a texture of
/// `stride` texels a row, all four taps of each inside it: t00, t10 (left and right texels of each
/// lane's upper row), t01, t11 (of its lower row), sixteen each and in that order to `taps`. Returns
/// 0 and writes nothing unless every lane's left column lies within sixty-two of the window's first
/// (the lower of lanes 0 and 15's) and its row on the upper of lanes 0 and 15's or the next three, and
/// the window's thirty-two texels (sixty-four where some lane's left column lies more than thirty
/// past its first) end inside the row's stride. Reads only rows the taps read. With
/// `hints` > 0, hints the cache every line of the window's row that many rows above it and below its
/// second (without the lines between the ends, the cube held at 0.5 and oglFlip at 0.4 took 1.07×
/// the time; without any hints, 1.55× and 1.7× at 0.5 and 0.3).
/// Call only where `segue_window_taps_available()`.
static inline SEGUE_AVX512F int segue_window_taps_at(const uint32_t *tex, long stride, const int32_t *cx,
                                                     const int32_t *ry, int left, int top, int32_t hints,
                                                     uint32_t *taps);

static inline SEGUE_AVX512F int segue_window_taps(const uint32_t *tex, long stride, const int32_t *cx,
                                                  const int32_t *ry, int32_t hints, uint32_t *taps) {
    return segue_window_taps_at(tex, stride, cx, ry, cx[0] < cx[15] ? cx[0] : cx[15],
                                ry[0] < ry[15] ? ry[0] : ry[15], hints, taps);
}

/// How many rows a window's lanes may start their taps on (it reads one more), and how many texels
/// wide it is at most: two halves of thirty-two, the second read only where some lane needs it.
#define SEGUE_WINDOW_ROWS 4
#define SEGUE_WINDOW_COLUMNS 64

#if SEGUE_WINDOW_TAPS
/// Every lane's texels at columns `ix` and `ix1` (from 0) of the window row at `p`: thirty-two texels
/// (two loads, one two-source permute each), or with `far` sixty-four (four loads; each lane takes
/// the permute of the half its column lies in).
static inline SEGUE_AVX512F void segue_window_row(const uint32_t *p, __m512i ix, __m512i ix1, int far,
                                                  __m512i *left, __m512i *right) {
    __m512i a = _mm512_loadu_si512(p), b = _mm512_loadu_si512(p + 16);
    __m512i l = _mm512_permutex2var_epi32(a, ix, b), r = _mm512_permutex2var_epi32(a, ix1, b);
    if (far) {
        __m512i c = _mm512_loadu_si512(p + 32), d = _mm512_loadu_si512(p + 48), half = _mm512_set1_epi32(32);
        l = _mm512_mask_blend_epi32(_mm512_test_epi32_mask(ix, half), l, _mm512_permutex2var_epi32(c, ix, d));
        r = _mm512_mask_blend_epi32(_mm512_test_epi32_mask(ix1, half), r, _mm512_permutex2var_epi32(c, ix1, d));
    }
    *left = l; *right = r;
}
#endif

#if SEGUE_WINDOW_TAPS
/// `segue_window_taps_at` with the lanes and the taps in registers.
static inline __attribute__((target("avx512f"), always_inline)) int segue_window_gather(
    const uint32_t *tex, long stride, __m512i cx, __m512i ry, int left, int top, int32_t hints,
    __m512i *o00, __m512i *o10, __m512i *o01, __m512i *o11) {
    __m512i ix = _mm512_sub_epi32(cx, _mm512_set1_epi32(left));
    __m512i dy = _mm512_sub_epi32(ry, _mm512_set1_epi32(top));
    __mmask16 outside = _mm512_cmpgt_epu32_mask(ix, _mm512_set1_epi32(SEGUE_WINDOW_COLUMNS - 2))
                      | _mm512_cmpgt_epu32_mask(dy, _mm512_set1_epi32(SEGUE_WINDOW_ROWS - 1));
    // Thirty-two texels a row, or sixty-four where some lane's taps lie past the first thirty-two.
    __mmask16 far = _mm512_cmpgt_epu32_mask(ix, _mm512_set1_epi32(SEGUE_WINDOW_COLUMNS / 2 - 2));
    int width = far ? SEGUE_WINDOW_COLUMNS : SEGUE_WINDOW_COLUMNS / 2;
    if (outside != 0 || left + width > stride) return 0;
    __m512i ix1 = _mm512_add_epi32(ix, _mm512_set1_epi32(1));
    const uint32_t *p0 = tex + (long)top * stride + left, *p1 = p0 + stride;
    if (hints > 0) {
        const uint32_t *below = p1 + hints * stride, *above = p0 - hints * stride;
        // Every line of the window's row: its ends and each sixteen texels between.
        for (int k = 0; k < width - 1; k += 16) { __builtin_prefetch(below + k, 0, 3); __builtin_prefetch(above + k, 0, 3); }
        __builtin_prefetch(below + width - 1, 0, 3); __builtin_prefetch(above + width - 1, 0, 3);
    }
    // Row k's left and right texels of every lane; a lane whose taps start k rows down takes row k's
    // and row k + 1's. Rows past the first two are read only while some lane's taps reach them (else
    // they may lie past the texture).
    __m512i l0, r0, l1, r1;
    segue_window_row(p0, ix, ix1, far, &l0, &r0);
    segue_window_row(p1, ix, ix1, far, &l1, &r1);
    __m512i t00 = l0, t10 = r0, t01 = l1, t11 = r1;
    const uint32_t *p = p1;
    for (int k = 1; k < SEGUE_WINDOW_ROWS; k++) {
        if (!_mm512_cmpge_epu32_mask(dy, _mm512_set1_epi32(k))) break;
        __mmask16 here = _mm512_cmpeq_epi32_mask(dy, _mm512_set1_epi32(k));
        __m512i l2, r2;
        p += stride;
        segue_window_row(p, ix, ix1, far, &l2, &r2);
        t00 = _mm512_mask_mov_epi32(t00, here, l1); t10 = _mm512_mask_mov_epi32(t10, here, r1);
        t01 = _mm512_mask_mov_epi32(t01, here, l2); t11 = _mm512_mask_mov_epi32(t11, here, r2);
        l1 = l2; r1 = r2;
    }
    *o00 = t00; *o10 = t10; *o01 = t01; *o11 = t11;
    return 1;
}

/// Lane k of sixteen 32-bit lanes, as a scalar.
#define SEGUE_LANE(v, k) _mm512_cvtsi512_si32(_mm512_alignr_epi32(v, v, k))

/// `segue_window_gather` with the window's first column and row the lesser of lanes 0 and 15's.
static inline __attribute__((target("avx512f"), always_inline)) int segue_window_gather_ends(
    const uint32_t *tex, long stride, __m512i cx, __m512i ry, int32_t hints,
    __m512i *t00, __m512i *t10, __m512i *t01, __m512i *t11) {
    int c0 = _mm512_cvtsi512_si32(cx), c15 = SEGUE_LANE(cx, 15), r0 = _mm512_cvtsi512_si32(ry), r15 = SEGUE_LANE(ry, 15);
    return segue_window_gather(tex, stride, cx, ry, c0 < c15 ? c0 : c15, r0 < r15 ? r0 : r15, hints, t00, t10, t01, t11);
}

/// `segue_row_taps` with the lanes and the taps in registers.
static inline __attribute__((target("avx512f"), always_inline)) int segue_row_gather(
    const uint32_t *row, long stride, __m512i cx, __m512i *t00, __m512i *t10, __m512i *t01, __m512i *t11) {
    int c0 = _mm512_cvtsi512_si32(cx), c15 = SEGUE_LANE(cx, 15), left = c0 < c15 ? c0 : c15;
    __m512i ix = _mm512_sub_epi32(cx, _mm512_set1_epi32(left));
    if (_mm512_cmpgt_epu32_mask(ix, _mm512_set1_epi32(SEGUE_WINDOW_COLUMNS / 2 - 2)) != 0 || left + SEGUE_WINDOW_COLUMNS / 2 > stride)
        return 0;
    __m512i ix1 = _mm512_add_epi32(ix, _mm512_set1_epi32(1));
    segue_window_row(row + left, ix, ix1, 0, t00, t10);
    segue_window_row(row + left + stride, ix, ix1, 0, t01, t11);
    return 1;
}

/// Four taps of sixteen lanes to `taps`, in the order the memory functions write them.
static inline __attribute__((target("avx512f"), always_inline)) void segue_store_taps(
    uint32_t *taps, __m512i t00, __m512i t10, __m512i t01, __m512i t11) {
    _mm512_storeu_si512(taps, t00);
    _mm512_storeu_si512(taps + 16, t10);
    _mm512_storeu_si512(taps + 32, t01);
    _mm512_storeu_si512(taps + 48, t11);
}
#endif

/// `segue_window_taps` with the window's first column and row given (`left`, `top`), not taken from
/// lanes 0 and 15: for groups whose least column and row are in other lanes (a turned image's
/// strips, `TurnedStrips`). The same test: 0 and nothing written unless every lane fits.
static inline SEGUE_AVX512F int segue_window_taps_at(const uint32_t *tex, long stride, const int32_t *cx,
                                                     const int32_t *ry, int left, int top, int32_t hints,
                                                     uint32_t *taps) {
#if SEGUE_WINDOW_TAPS
    __m512i t00, t10, t01, t11;
    if (!segue_window_gather(tex, stride, _mm512_loadu_si512(cx), _mm512_loadu_si512(ry), left, top, hints,
                             &t00, &t10, &t01, &t11)) return 0;
    segue_store_taps(taps, t00, t10, t01, t11);
    return 1;
#else
    (void)tex; (void)stride; (void)cx; (void)ry; (void)left; (void)top; (void)hints; (void)taps;
    return 0;
#endif
}

/// Taps of sixteen samples on one row pair — every lane's upper taps on the row at `row`, its lower
/// ones `stride` texels on — whose left columns are `cx` (from `row`): t00, t10, t01, t11 to `taps`
/// as `segue_window_taps` writes them, each row one `segue_window_row` of thirty-two texels, without
/// the window's tests of rows and halves or its hints: the groups of an affine span along one texture
/// row (a sucked page's rows, RowWarp). Returns 0 and writes nothing unless every lane's left column lies
/// within thirty of the least (lanes 0 and 15's) and the thirty-two texels from there end inside the
/// row's stride. Call only where `segue_window_taps_available()`.
static inline SEGUE_AVX512F int segue_row_taps(const uint32_t *row, long stride, const int32_t *cx, uint32_t *taps) {
#if SEGUE_WINDOW_TAPS
    __m512i t00, t10, t01, t11;
    if (!segue_row_gather(row, stride, _mm512_loadu_si512(cx), &t00, &t10, &t01, &t11)) return 0;
    segue_store_taps(taps, t00, t10, t01, t11);
    return 1;
#else
    (void)row; (void)stride; (void)cx; (void)taps;
    return 0;
#endif
}

/// Sixteen lanes, lane i the i-th of the sixteen texels at `ring` + 16·k(i) — one hardware gather
/// from a ring of a few kilobytes in the first-level cache: `index` holds 16·k(i) + i. A turned
/// image's strip rows (`TurnedStrips`): lane i of a screen row is lane i of the group that crossed
/// it. Call only where `segue_window_taps_available()`.
static inline SEGUE_AVX512F void segue_ring_row(const uint32_t *ring, const int32_t *index, uint32_t *out) {
#if SEGUE_WINDOW_TAPS
    _mm512_storeu_si512(out, _mm512_i32gather_epi32(_mm512_loadu_si512(index), (const void *)ring, 4));
#else
    (void)ring; (void)index; (void)out;
#endif
}

/// Sixteen lanes of 32-bit texels and indices, as Swift's SIMD16<UInt32> and SIMD16<Int32>.
typedef uint32_t segue_texels16 __attribute__((ext_vector_type(16)));
typedef int32_t segue_indices16 __attribute__((ext_vector_type(16)));
typedef uint32_t segue_texels8 __attribute__((ext_vector_type(8)));
typedef uint32_t segue_texels4 __attribute__((ext_vector_type(4)));
typedef uint64_t segue_pairs2 __attribute__((ext_vector_type(2)));

/// The tap pairs of sixteen lanes on any CPU: lane k's left and right texels are the two at `row` +
/// 4·index[k] bytes (indices 0 or more), one 64-bit load each. Two lanes' pairs make a 128-bit
/// vector, two of those a 256-bit one — pairs 0, 1 | 4, 5 and 2, 3 | 6, 7 — so that one in-lane
/// shuffle of the two takes every left texel in lane order and another every right one (vshufps),
/// where Swift's vector initialiser from sixteen scalars moved some of them through general
/// registers and permuted the rest across lanes. `right` 0 gives the left texels, 1 the right: a
/// caller takes both from the same row and index, and the compiler shares their loads.
static inline __attribute__((always_inline)) segue_texels16 segue_tap_pairs16(const char *row, segue_indices16 index,
                                                                               int right) {
#define SEGUE_PAIR(k) ({ uint64_t v; __builtin_memcpy(&v, row + 4 * (uint64_t)(uint32_t)index[k], 8); v; })
#define SEGUE_TWO(a, b) ((segue_texels4)(segue_pairs2){SEGUE_PAIR(a), SEGUE_PAIR(b)})
    segue_texels4 p0 = SEGUE_TWO(0, 1), p1 = SEGUE_TWO(2, 3), p2 = SEGUE_TWO(4, 5), p3 = SEGUE_TWO(6, 7);
    segue_texels4 p4 = SEGUE_TWO(8, 9), p5 = SEGUE_TWO(10, 11), p6 = SEGUE_TWO(12, 13), p7 = SEGUE_TWO(14, 15);
#undef SEGUE_TWO
#undef SEGUE_PAIR
    segue_texels8 a = __builtin_shufflevector(p0, p2, 0, 1, 2, 3, 4, 5, 6, 7);
    segue_texels8 b = __builtin_shufflevector(p1, p3, 0, 1, 2, 3, 4, 5, 6, 7);
    segue_texels8 c = __builtin_shufflevector(p4, p6, 0, 1, 2, 3, 4, 5, 6, 7);
    segue_texels8 d = __builtin_shufflevector(p5, p7, 0, 1, 2, 3, 4, 5, 6, 7);
    segue_texels8 h0 = right ? __builtin_shufflevector(a, b, 1, 3, 9, 11, 5, 7, 13, 15)
                             : __builtin_shufflevector(a, b, 0, 2, 8, 10, 4, 6, 12, 14);
    segue_texels8 h1 = right ? __builtin_shufflevector(c, d, 1, 3, 9, 11, 5, 7, 13, 15)
                             : __builtin_shufflevector(c, d, 0, 2, 8, 10, 4, 6, 12, 14);
    return __builtin_shufflevector(h0, h1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

/// Whether this CPU runs `segue_row_taps8` (it has AVX2).
static inline int segue_row_taps8_available(void) {
#if SEGUE_WINDOW_TAPS
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

/// `segue_row_taps` for eight lanes with AVX2's one-source permute (vpermd): the four taps of eight
/// samples on the row pair at `row` (and `row` + `stride`) whose left columns are `cx`, read from the
/// eight texels of each row from the least column (lane 0's or lane 7's): two loads and four permutes
/// against sixteen tap-pair loads. For an image drawn magnified by about 1.2 or more (eight pixels'
/// left columns within six of each other: an upscaled gradient, a picture growing). Returns 0 and
/// writes nothing unless every lane's left column lies within six of the least and the eight texels
/// from there end inside the row's stride. The taps go to `taps`, t00 t10 t01 t11, each `spacing`
/// entries after the last (16: the lanes of sixteen, eight at a time). Call only where
/// `segue_row_taps8_available()`.
static inline SEGUE_TARGET_AVX2 int segue_row_taps8(const uint32_t *row, long stride, const int32_t *cx, uint32_t *taps,
                                                    long spacing) {
#if SEGUE_WINDOW_TAPS
    int left = cx[0] < cx[7] ? cx[0] : cx[7];
    if (left < 0 || left + 8 > stride) return 0;
    __m256i ix = _mm256_sub_epi32(_mm256_loadu_si256((const __m256i *)cx), _mm256_set1_epi32(left));
    if (_mm256_movemask_epi8(_mm256_cmpgt_epi32(ix, _mm256_set1_epi32(6))) != 0 ||
        _mm256_movemask_epi8(_mm256_cmpgt_epi32(_mm256_setzero_si256(), ix)) != 0) return 0;
    __m256i ix1 = _mm256_add_epi32(ix, _mm256_set1_epi32(1));
    __m256i top = _mm256_loadu_si256((const __m256i *)(row + left));
    __m256i bottom = _mm256_loadu_si256((const __m256i *)(row + left + stride));
    _mm256_storeu_si256((__m256i *)taps, _mm256_permutevar8x32_epi32(top, ix));
    _mm256_storeu_si256((__m256i *)(taps + spacing), _mm256_permutevar8x32_epi32(top, ix1));
    _mm256_storeu_si256((__m256i *)(taps + 2 * spacing), _mm256_permutevar8x32_epi32(bottom, ix));
    _mm256_storeu_si256((__m256i *)(taps + 3 * spacing), _mm256_permutevar8x32_epi32(bottom, ix1));
    return 1;
#else
    (void)row; (void)stride; (void)cx; (void)taps; (void)spacing;
    return 0;
#endif
}

/// Eight entries of a table read from one window of it: `out[i]` = `table[index[i]]` for indices
/// 0…7 of the eight entries at `table` — one load and one lane permute (AVX2's vpermd), where eight
/// lanes' entries lie within eight of each other (a ramp's colours, a pixel or more an entry).
/// Lanes and entries go through memory, as `segue_window_taps`'s. Call only where
/// `segue_window_taps_available()` (AVX-512F, which has AVX2's permute).
static inline SEGUE_AVX512F void segue_table_window8(const uint32_t *table, const int32_t *index,
                                                uint32_t *out) {
#if SEGUE_WINDOW_TAPS
    __m256i t = _mm256_loadu_si256((const __m256i *)table), k = _mm256_loadu_si256((const __m256i *)index);
    _mm256_storeu_si256((__m256i *)out, _mm256_permutevar8x32_epi32(t, k));
#else
    (void)table; (void)index; (void)out;
#endif
}

#include "CPlaneSpan.h"
#include "CTurnedStrip.h"

#endif
