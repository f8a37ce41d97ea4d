// CPlaneSpan: `meshSpan16`'s loop (MeshSpans16) as one C function for CPUs with AVX-512 (F, BW) —
// a plane span's sixteen pixels a step: positions, taps, bilinear weights, shade, opacity and the
// store, lane for lane the same arithmetic, so the same pixels (PlaneSpanTests pin the two, and
// FastPathTests both against the reference). Here the lanes and the taps stay in registers from
// the division to the store; the Swift kernel hands each group's lanes and taps to CGather's window
// through memory and reads lanes 0 and 15 back out of it, and its group took about 1.1× the time
// (the cube held at 0.25 and 0.5, flipHorizontal at 0.3, oglFlip at 0.3). Float arithmetic is
// written as separate multiplies and adds, never contracted, as Swift computes it.
#ifndef CPLANESPAN_H
#define CPLANESPAN_H

#include <stdint.h>
#include "CGather.h"

/// Whether this CPU runs `segue_plane_span16` and `segue_turned_strip16` (AVX-512 F and BW).
static inline int segue_c_loops_available(void) {
#if SEGUE_WINDOW_TAPS
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
#else
    return 0;
#endif
}

#if SEGUE_WINDOW_TAPS
/// x/255 rounded in every 16-bit lane, (x + 128)·257 >> 16 (the kernels' `div255`).
static inline __attribute__((target("avx512f,avx512bw"), always_inline)) __m512i segue_div255_32(__m512i x) {
    return _mm512_mulhi_epu16(_mm512_add_epi16(x, _mm512_set1_epi16(128)), _mm512_set1_epi16(257));
}

/// `segue_tap_pairs16` for this file's AVX-512 loop: lane k's left and right texels are the two at
/// `row` + 4·index[k] bytes, one 64-bit load each, put in lane order by the same in-lane shuffles.
/// (That one takes its lanes as a 512-bit vector argument, which a build without AVX-512 — the debug
/// build, where the tests run this loop — cannot pass to or from a function compiled for it.)
static inline __attribute__((target("avx512f"), always_inline)) void segue_pair_taps16(const char *row, __m512i index,
                                                                                     __m512i *left, __m512i *right) {
    int32_t k[16];
    _mm512_storeu_si512(k, index);
#define SEGUE_TWO(a, b) _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(row + 4 * (uint64_t)(uint32_t)k[a]))), \
                                                      (const double *)(row + 4 * (uint64_t)(uint32_t)k[b])))
    __m256 a = _mm256_castsi256_ps(_mm256_set_m128i(SEGUE_TWO(4, 5), SEGUE_TWO(0, 1)));
    __m256 b = _mm256_castsi256_ps(_mm256_set_m128i(SEGUE_TWO(6, 7), SEGUE_TWO(2, 3)));
    __m256 c = _mm256_castsi256_ps(_mm256_set_m128i(SEGUE_TWO(12, 13), SEGUE_TWO(8, 9)));
    __m256 d = _mm256_castsi256_ps(_mm256_set_m128i(SEGUE_TWO(14, 15), SEGUE_TWO(10, 11)));
#undef SEGUE_TWO
    *left = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_castps_si256(_mm256_shuffle_ps(a, b, 0x88))),
                               _mm256_castps_si256(_mm256_shuffle_ps(c, d, 0x88)), 1);
    *right = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_castps_si256(_mm256_shuffle_ps(a, b, 0xdd))),
                                _mm256_castps_si256(_mm256_shuffle_ps(c, d, 0xdd)), 1);
}

/// `gather16`'s taps of sixteen samples whose top-left texels are at columns `cx`, rows `ry`, past
/// the windows a caller tries first: the cache hinted four rows below and above the first and last
/// taps (`hintRowsAhead`), then — `along` — consecutive texels, the window (`window`, no hints), or
/// tap pairs.
static inline __attribute__((target("avx512f"), always_inline)) void segue_taps16(
    const uint32_t *tex, long stride, __m512i cx, __m512i ry, int along, int window,
    __m512i *t00, __m512i *t10, __m512i *t01, __m512i *t11) {
    const long down = 4 * stride;
    __m512i idx = _mm512_add_epi32(_mm512_mullo_epi32(_mm512_and_si512(ry, _mm512_set1_epi32(0x7fff)),
                                                      _mm512_set1_epi32((int)(stride & 0x7fff))), cx);
    const char *base = (const char *)tex;
    int i0 = _mm512_cvtsi512_si32(idx);
    const char *firstTap = base + 4 * (long)i0, *lastTap = base + 4 * (long)SEGUE_LANE(idx, 15);
    __builtin_prefetch(firstTap + 5 * down, 0, 3); __builtin_prefetch(lastTap + 5 * down, 0, 3);
    __builtin_prefetch(firstTap - 4 * down, 0, 3); __builtin_prefetch(lastTap - 4 * down, 0, 3);
    const __m512i steps = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    if (along && _mm512_cmpneq_epi32_mask(idx, _mm512_add_epi32(_mm512_set1_epi32(i0), steps)) == 0) {
        *t00 = _mm512_loadu_si512(firstTap); *t10 = _mm512_loadu_si512(firstTap + 4);
        *t01 = _mm512_loadu_si512(firstTap + down); *t11 = _mm512_loadu_si512(firstTap + down + 4);
        return;
    }
    if (window && along && segue_window_gather_ends(tex, stride, cx, ry, 0, t00, t10, t01, t11)) return;
    segue_pair_taps16(base, idx, t00, t10);
    segue_pair_taps16(base + down, idx, t01, t11);
}

/// `bilinear16Lanes`: the samples of taps t00…t11 at positions (x, y) (24.8), as 16-bit lanes —
/// red and blue in `rb`, alpha and green in `ag`.
static inline __attribute__((target("avx512f,avx512bw"), always_inline)) void segue_bilinear16(
    __m512i t00, __m512i t10, __m512i t01, __m512i t11, __m512i x, __m512i y, __m512i *rb, __m512i *ag) {
    const __m512i byte = _mm512_set1_epi32(0x00ff00ff), r128 = _mm512_set1_epi16(128);
    __m512i mx = _mm512_and_si512(x, _mm512_set1_epi32(0xff)), my = _mm512_and_si512(y, _mm512_set1_epi32(0xff));
    __m512i wx = _mm512_or_si512(mx, _mm512_slli_epi32(mx, 16)), wy = _mm512_or_si512(my, _mm512_slli_epi32(my, 16));
    __m512i e = _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(wx, wy), r128), 8);
    __m512i b = _mm512_sub_epi16(wx, e), c = _mm512_sub_epi16(wy, e);
    __m512i a = _mm512_add_epi16(_mm512_sub_epi16(_mm512_sub_epi16(_mm512_set1_epi16(256), wx), wy), e);
#define SEGUE_LO(v) _mm512_and_si512(v, byte)
#define SEGUE_HI(v) _mm512_and_si512(_mm512_srli_epi32(v, 8), byte)
#define SEGUE_SUM(P) _mm512_srli_epi16(_mm512_add_epi16(_mm512_add_epi16(_mm512_add_epi16(_mm512_add_epi16( \
        _mm512_mullo_epi16(P(t00), a), _mm512_mullo_epi16(P(t10), b)), _mm512_mullo_epi16(P(t01), c)), \
        _mm512_mullo_epi16(P(t11), e)), r128), 8)
    *rb = SEGUE_SUM(SEGUE_LO); *ag = SEGUE_SUM(SEGUE_HI);
#undef SEGUE_SUM
#undef SEGUE_LO
#undef SEGUE_HI
}

/// `putLanes16`: samples (16-bit lanes) at `opacity`/255 over the sixteen pixels at `dst`, stored as
/// they are where all sixteen are opaque.
static inline __attribute__((target("avx512f,avx512bw"), always_inline)) void segue_over16(
    uint32_t *dst, __m512i rb, __m512i ag, uint32_t opacity) {
    const __m512i byte = _mm512_set1_epi32(0x00ff00ff);
    if (opacity != 255) {
        __m512i o = _mm512_set1_epi16((short)opacity);
        rb = segue_div255_32(_mm512_mullo_epi16(rb, o)); ag = segue_div255_32(_mm512_mullo_epi16(ag, o));
    }
    __m512i out = _mm512_or_si512(rb, _mm512_slli_epi32(ag, 8));
    if (_mm512_cmplt_epu32_mask(out, _mm512_set1_epi32((int)0xff000000u)) != 0) {
        __m512i va = _mm512_srli_epi32(ag, 16);
        __m512i inv = _mm512_sub_epi16(_mm512_set1_epi16(255), _mm512_or_si512(va, _mm512_slli_epi32(va, 16)));
        __m512i under = _mm512_loadu_si512(dst);
        __m512i urb = segue_div255_32(_mm512_mullo_epi16(_mm512_and_si512(under, byte), inv));
        __m512i uag = segue_div255_32(_mm512_mullo_epi16(_mm512_and_si512(_mm512_srli_epi32(under, 8), byte), inv));
        out = _mm512_or_si512(_mm512_add_epi16(rb, urb), _mm512_slli_epi32(_mm512_add_epi16(ag, uag), 8));
    }
    _mm512_storeu_si512(dst, out);
}
#endif

/// A plane span's pixels dst[0 ..< n] (n a multiple of 16), pixel i sampled at the position of the
/// span's pixel `first` + i: s/q and t/q at 256 × texels with the planes s, t, q and their steps
/// ds, dt, dq (`SpanPlanes`), bilinear, times `shade`/256, at `opacity`/255, over dst.
/// `affine` (dq 0) divides once; `along` (pixels step about a texel along a texture row) tries
/// consecutive texels first; `window` (steps that fit CGather's window) tries the window, with
/// `hints` rows of cache hints; `oneRow` (affine along one texture row) reads the row pair's window.
/// Otherwise each tap pair is one 64-bit load. Call only where `segue_c_loops_available()`.
static inline __attribute__((target("avx512f,avx512bw"))) void segue_plane_span16(
    uint32_t *dst, long n, const uint32_t *tex, long stride, float s, float t, float q, float ds, float dt, float dq,
    float first, int affine, int along, int window, int oneRow, uint32_t opacity, uint16_t shade, int32_t hints) {
#if SEGUE_WINDOW_TAPS
    const __m512 offset = _mm512_set1_ps(12582912.0f - 128.0f);                       // SpanPlanes.offset
    const __m512i magic = _mm512_set1_epi32(0x4b400000);                              // SpanPlanes.magicBits
    const __m512i r128 = _mm512_set1_epi16(128);
    const __m512i shadeRB = _mm512_set1_epi16((short)shade), shadeAG = _mm512_set1_epi32((int)(shade | (256u << 16)));
    const __m512 iqAffine = _mm512_set1_ps(1.0f / q);
    __m512 lane = _mm512_add_ps(_mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), _mm512_set1_ps(first));
    for (long i = 0; i < n; i += 16, lane = _mm512_add_ps(lane, _mm512_set1_ps(16))) {
        // Positions (SpanPlanes.positions): round(256·(s/q − ½)) by the magic-number add.
        __m512 iq = affine ? iqAffine
            : _mm512_div_ps(_mm512_set1_ps(1.0f), _mm512_add_ps(_mm512_set1_ps(q), _mm512_mul_ps(lane, _mm512_set1_ps(dq))));
        __m512 fx = _mm512_add_ps(_mm512_mul_ps(_mm512_add_ps(_mm512_set1_ps(s), _mm512_mul_ps(lane, _mm512_set1_ps(ds))), iq), offset);
        __m512 fy = _mm512_add_ps(_mm512_mul_ps(_mm512_add_ps(_mm512_set1_ps(t), _mm512_mul_ps(lane, _mm512_set1_ps(dt))), iq), offset);
        __m512i x = _mm512_sub_epi32(_mm512_castps_si512(fx), magic), y = _mm512_sub_epi32(_mm512_castps_si512(fy), magic);
        __m512i cx = _mm512_srai_epi32(x, 8), ry = _mm512_srai_epi32(y, 8);
        // The taps (gather16): the row pair's window, the window, consecutive texels, or tap pairs.
        __m512i t00, t10, t01, t11;
        int read = 0;
        if (oneRow) read = segue_row_gather(tex + (long)_mm512_cvtsi512_si32(ry) * stride, stride, cx, &t00, &t10, &t01, &t11);
        if (!read && window && !along) read = segue_window_gather_ends(tex, stride, cx, ry, hints, &t00, &t10, &t01, &t11);
        if (!read) segue_taps16(tex, stride, cx, ry, along, window, &t00, &t10, &t01, &t11);
        __m512i rb, ag;
        segue_bilinear16(t00, t10, t01, t11, x, y, &rb, &ag);
        if (shade != 256) {
            rb = _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(rb, shadeRB), r128), 8);
            ag = _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(ag, shadeAG), r128), 8);
        }
        segue_over16(dst + i, rb, ag, opacity);
    }
#else
    (void)dst; (void)n; (void)tex; (void)stride; (void)s; (void)t; (void)q; (void)ds; (void)dt; (void)dq; (void)first; (void)affine; (void)along; (void)window;
    (void)oneRow; (void)opacity; (void)shade; (void)hints;
#endif
}

#endif
