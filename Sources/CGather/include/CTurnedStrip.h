// CTurnedStrip: a turned image's strip (TurnedStrips.draw) as one C function for CPUs with AVX-512
// (F, BW) — each group's lanes stepped down the strip, its taps from the window (or tap pairs), the
// bilinear samples into the ring, and each drawn row's sixteen pixels picked from the ring and
// blended over the target: lane for lane the Swift loop's integer arithmetic, so the same pixels
// (TurnedStripTests pin the two). As in CPlaneSpan, the lanes and the taps stay in registers, where
// the Swift loop hands every group's lanes to CGather's window and its taps back through memory:
// rotating-dismiss held at 0.1, 0.2, 0.3 and 0.6 took 0.92–0.94× the time (seven to nine interleaved
// rounds, 1080p, one thread). A row's lanes are picked from the ring by a masked load per drop at any
// depth: the ring gather the Swift loop takes past six drops was no faster here (at 0.4 and 0.6,
// 0.95× the time without it; 0.5 and 0.75 within noise).
#ifndef CTURNEDSTRIP_H
#define CTURNEDSTRIP_H

#include <stdint.h>
#include "CGather.h"
#include "CPlaneSpan.h"

/// One strip sixteen columns wide from column `x0` of `target` (`targetStride` pixels a row): the
/// groups of rows rowStart − depth ..< rowEnd, and the rows j of rowStart ..< rowEnd drawn where
/// drawn[2(j − firstRow)] ≤ strip < drawn[2(j − firstRow) + 1] (`StripRows`). (C, R): the texture
/// position (8.24) of the strip's first column on row 0, stepping (dCy, dRy) a row; `lanes`: sixteen
/// each of the lanes' offsets cHigh, cLow, rHigh, rLow; `lanesAt`: sixteen lanes per drop 0…depth,
/// all ones where a lane drops by it. `ring`: 32 groups of sixteen. The rest as `TurnedStrips.draw`.
/// Call only where `segue_c_loops_available()`.
static inline __attribute__((target("avx512f,avx512bw"))) void segue_turned_strip16(
    uint32_t *target, long targetStride, long x0, long rowStart, long rowEnd, const int32_t *drawn, long firstRow,
    int32_t strip, int64_t C, int64_t R, int64_t dCy, int64_t dRy, const int32_t *lanes, int64_t leastColumn,
    int64_t leastRow, long depth, const uint32_t *lanesAt, long ahead,
    const uint32_t *tex, long stride, long width, long height, uint32_t opacity, uint32_t *ring) {
#if SEGUE_WINDOW_TAPS
    const __m512i cHigh = _mm512_loadu_si512(lanes), cLow = _mm512_loadu_si512(lanes + 16);
    const __m512i rHigh = _mm512_loadu_si512(lanes + 32), rLow = _mm512_loadu_si512(lanes + 48);
    __mmask16 at[32];
    for (long d = 0; d <= depth && d < 32; d++) {
        __m512i m = _mm512_loadu_si512(lanesAt + 16 * d);
        at[d] = _mm512_test_epi32_mask(m, m);
    }
    const int32_t xLast = (int32_t)(256 * (width - 1) - 1), yLast = (int32_t)(256 * (height - 1) - 1);
    const __m512i xMax = _mm512_set1_epi32(xLast), yMax = _mm512_set1_epi32(yLast), zero = _mm512_setzero_si512();
    const __m512i low = _mm512_set1_epi32(0xffff);
    const __m512i byte = _mm512_set1_epi32(0x00ff00ff);
    long j = rowStart - depth;
    int64_t c = C + (int64_t)j * dCy, r = R + (int64_t)j * dRy;
    // The lanes' positions split at bit 16 (high part, and low part 0…0xffff whose carry the step adds).
    __m512i xl = _mm512_add_epi32(_mm512_set1_epi32((int32_t)(c & 0xffff)), cLow);
    __m512i yl = _mm512_add_epi32(_mm512_set1_epi32((int32_t)(r & 0xffff)), rLow);
    __m512i xh = _mm512_add_epi32(_mm512_add_epi32(_mm512_set1_epi32((int32_t)(c >> 16)), cHigh), _mm512_srai_epi32(xl, 16));
    __m512i yh = _mm512_add_epi32(_mm512_add_epi32(_mm512_set1_epi32((int32_t)(r >> 16)), rHigh), _mm512_srai_epi32(yl, 16));
    xl = _mm512_and_si512(xl, low); yl = _mm512_and_si512(yl, low);
    const __m512i dxh = _mm512_set1_epi32((int32_t)(dCy >> 16)), dxl = _mm512_set1_epi32((int32_t)(dCy & 0xffff));
    const __m512i dyh = _mm512_set1_epi32((int32_t)(dRy >> 16)), dyl = _mm512_set1_epi32((int32_t)(dRy & 0xffff));
    for (; j < rowEnd; j++, c += dCy, r += dRy) {
        // Lanes clamped into the texture (those of pixels the strip does not draw may lie anywhere near).
        __m512i x = _mm512_max_epi32(_mm512_min_epi32(xh, xMax), zero), y = _mm512_max_epi32(_mm512_min_epi32(yh, yMax), zero);
        xl = _mm512_add_epi32(xl, dxl); xh = _mm512_add_epi32(xh, _mm512_add_epi32(dxh, _mm512_srai_epi32(xl, 16)));
        xl = _mm512_and_si512(xl, low);
        yl = _mm512_add_epi32(yl, dyl); yh = _mm512_add_epi32(yh, _mm512_add_epi32(dyh, _mm512_srai_epi32(yl, 16)));
        yl = _mm512_and_si512(yl, low);
        // The lower two rows of the window `ahead` groups on, all three lines of each.
        int64_t ac = (c + ahead * dCy + leastColumn) >> 24, ar = (r + ahead * dRy + leastRow) >> 24;
        long hr = ar + 1 < 0 ? 0 : (ar + 1 > height - 1 ? height - 1 : ar + 1);
        long hc = ac < 0 ? 0 : (ac > width - 1 ? width - 1 : ac);
        const char *hint = (const char *)(tex + hr * stride + hc), *next = hint + 4 * stride;
        __builtin_prefetch(hint, 0, 3); __builtin_prefetch(hint + 64, 0, 3); __builtin_prefetch(hint + 124, 0, 3);
        __builtin_prefetch(next, 0, 3); __builtin_prefetch(next + 64, 0, 3); __builtin_prefetch(next + 124, 0, 3);
        // The window's first column and row: the least lane's, clamped as the lanes are, in texels.
        int32_t lc = (int32_t)((c + leastColumn) >> 16), lr = (int32_t)((r + leastRow) >> 16);
        lc = (lc < 0 ? 0 : (lc > xLast ? xLast : lc)) >> 8;
        lr = (lr < 0 ? 0 : (lr > yLast ? yLast : lr)) >> 8;
        __m512i cx = _mm512_srai_epi32(x, 8), ry = _mm512_srai_epi32(y, 8);
        __m512i t00, t10, t01, t11, rb, ag;
        if (!segue_window_gather(tex, stride, cx, ry, lc, lr, 0, &t00, &t10, &t01, &t11))
            segue_taps16(tex, stride, cx, ry, 0, 0, &t00, &t10, &t01, &t11);
        segue_bilinear16(t00, t10, t01, t11, x, y, &rb, &ag);
        _mm512_storeu_si512(ring + 16 * (j & 31), _mm512_or_si512(rb, _mm512_slli_epi32(ag, 8)));
        long k = j - firstRow;
        if (j < rowStart || !(drawn[2 * k] <= strip && strip < drawn[2 * k + 1])) continue;
        // Lane i of row j is group (j − drop[i])'s: a masked load per drop, however deep.
        __m512i p = _mm512_loadu_si512(ring + 16 * (j & 31));
        for (long d = 1; d <= depth; d++) p = _mm512_mask_loadu_epi32(p, at[d], ring + 16 * ((j - d) & 31));
        uint32_t *dst = target + (long)j * targetStride + x0;
        if (opacity == 255 && _mm512_cmplt_epu32_mask(p, _mm512_set1_epi32((int)0xff000000u)) == 0) {
            _mm512_storeu_si512(dst, p);
        } else {
            segue_over16(dst, _mm512_and_si512(p, byte), _mm512_and_si512(_mm512_srli_epi32(p, 8), byte), opacity);
        }
    }
#else
    (void)target; (void)targetStride; (void)x0; (void)rowStart; (void)rowEnd; (void)drawn; (void)firstRow; (void)strip;
    (void)C; (void)R; (void)dCy; (void)dRy; (void)lanes; (void)leastColumn; (void)leastRow; (void)depth; (void)lanesAt;
    (void)ahead; (void)tex; (void)stride; (void)width; (void)height; (void)opacity; (void)ring;
#endif
}

#endif
