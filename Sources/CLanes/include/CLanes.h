// CLanes: five lane operations Swift's SIMD types do not compile to one instruction each, said in C's
// vector types (which Swift imports as its SIMD types) so that each is one instruction on any x86-64:
// - the multiply-high of 16-bit lanes, x·y >> 16 (pmulhuw): it divides by 255 rounded in one step,
//   (x + 128)·257 >> 16 = (t + (t >> 8)) >> 8 for t = x + 128 — the kernels' `div255` — where the
//   shifts and adds took three;
// - the least of two 16-bit lanes (pminuw), where Swift's `pointwiseMin` goes lane by lane and the
//   kernels took four or five instructions of differences and masks;
// - the right shift of thirty-two 16-bit lanes (psrlw): the standard library shifts a SIMD32<UInt16>
//   lane by lane, so the sixteen-pixel kernels shifted its 32-bit view and masked off the bits that
//   crossed lanes, two instructions where one does;
// - whether sixteen pixels are all opaque (a lane compare and a mask test);
// - the rounded-up average of two 16-bit lanes, (x + y + 1) >> 1 without losing the carry (pavgw),
//   where the kernels halved both, added and put back the carry of their low bits (five instructions).
// Static inline: each call compiles into the Swift code around it.
#ifndef CLANES_H
#define CLANES_H

typedef unsigned short segue_u16x8 __attribute__((ext_vector_type(8)));
typedef unsigned short segue_u16x16 __attribute__((ext_vector_type(16)));
typedef unsigned short segue_u16x32 __attribute__((ext_vector_type(32)));
typedef unsigned int segue_u32x8 __attribute__((ext_vector_type(8)));
typedef unsigned int segue_u32x16 __attribute__((ext_vector_type(16)));
typedef unsigned int segue_u32x32 __attribute__((ext_vector_type(32)));

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#define SEGUE_LANES static inline __attribute__((always_inline))

/// x·y >> 16 in every lane (the high half of each 32-bit product).
SEGUE_LANES segue_u16x8 segue_mulhi8(segue_u16x8 x, segue_u16x8 y) {
    return __builtin_convertvector((__builtin_convertvector(x, segue_u32x8) * __builtin_convertvector(y, segue_u32x8)) >> 16, segue_u16x8);
}
SEGUE_LANES segue_u16x16 segue_mulhi16(segue_u16x16 x, segue_u16x16 y) {
    return __builtin_convertvector((__builtin_convertvector(x, segue_u32x16) * __builtin_convertvector(y, segue_u32x16)) >> 16, segue_u16x16);
}
SEGUE_LANES segue_u16x32 segue_mulhi32(segue_u16x32 x, segue_u16x32 y) {
    return __builtin_convertvector((__builtin_convertvector(x, segue_u32x32) * __builtin_convertvector(y, segue_u32x32)) >> 16, segue_u16x32);
}

/// The lesser of x and y in every lane.
SEGUE_LANES segue_u16x16 segue_min16(segue_u16x16 x, segue_u16x16 y) { return __builtin_elementwise_min(x, y); }
SEGUE_LANES segue_u16x32 segue_min32(segue_u16x32 x, segue_u16x32 y) { return __builtin_elementwise_min(x, y); }

/// Whether every lane is at least `v` — for pixels and 0xff000000, whether all are opaque: a compare
/// to a mask and a test of it (with AVX-512 vpcmpud and kortestw), where the halves' ANDs took a
/// chain of eight extracts, shuffles and ANDs.
SEGUE_LANES int segue_all_at_least16(segue_u32x16 x, unsigned int v) { return __builtin_reduce_and(x >= v) != 0; }

/// (x + y + 1) >> 1 in every lane, from the 17-bit sum. Said with the instruction where the build
/// has it: written as the widened sum, the compiler folded the kernels' shift that follows into it
/// and widened the lanes to 32 bits instead.
SEGUE_LANES segue_u16x16 segue_avg16(segue_u16x16 x, segue_u16x16 y) {
#if defined(__AVX2__)
    return (segue_u16x16)_mm256_avg_epu16((__m256i)x, (__m256i)y);
#else
    return __builtin_convertvector((__builtin_convertvector(x, segue_u32x16) + __builtin_convertvector(y, segue_u32x16) + 1) >> 1, segue_u16x16);
#endif
}
SEGUE_LANES segue_u16x32 segue_avg32(segue_u16x32 x, segue_u16x32 y) {
#if defined(__AVX512BW__)
    return (segue_u16x32)_mm512_avg_epu16((__m512i)x, (__m512i)y);
#else
    return __builtin_convertvector((__builtin_convertvector(x, segue_u32x32) + __builtin_convertvector(y, segue_u32x32) + 1) >> 1, segue_u16x32);
#endif
}

/// Every lane shifted right by `n` (0 ≤ n < 16).
SEGUE_LANES segue_u16x32 segue_shr32(segue_u16x32 x, unsigned short n) { return x >> n; }

#endif
