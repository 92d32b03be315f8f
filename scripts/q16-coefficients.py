#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Print the constants and polynomial coefficients of the Q16.16 math core.

    python3 scripts/q16-coefficients.py      (needs mpmath)

A maintainer's tool: the tables it prints are committed in src/*_q16.c with
their real values in comments, so the build never runs it. Each polynomial
is a Chebyshev fit (near-minimax) of the smooth factor the C code evaluates,
on the interval the C code feeds it; the fit error is printed as a power of
two next to the coefficients.
"""
import mpmath as mp

mp.mp.dps = 50


def fixed(value, frac_bits):
    """value * 2^frac_bits rounded to the nearest integer."""
    return int(mp.nint(value * mp.mpf(2) ** frac_bits))


def fit(name, f, lo, hi, degree, frac_bits):
    coeffs, err = mp.chebyfit(f, [lo, hi], degree + 1, error=True)
    coeffs = coeffs[::-1]  # chebyfit lists the highest power first
    print("/* %s: degree %d on [%s, %s], Q%d, fit error 2^%.1f */"
          % (name, degree, mp.nstr(lo, 6), mp.nstr(hi, 6), frac_bits,
             float(mp.log(err, 2))))
    for k, c in enumerate(coeffs):
        print("    %d, /* c%d = %s */" % (fixed(c, frac_bits), k, mp.nstr(c, 12)))


def removable(f, limit):
    """f with its removable singularity at 0 filled in."""
    return lambda x: f(x) if x != 0 else limit


# exp2: 2^g = 1 + g E(g) on g in [0, 1/16); table 2^(j/16), Q31.
fit("exp2 E(g) = (2^g - 1) / g",
    removable(lambda g: (mp.power(2, g) - 1) / g, mp.log(2)), 0, mp.mpf(1) / 16, 3, 31)
print("/* 2^(j/16), Q31 */")
for j in range(16):
    print("    %du, /* %s */" % (fixed(mp.power(2, mp.mpf(j) / 16), 31),
                                 mp.nstr(mp.power(2, mp.mpf(j) / 16), 12)))

# log2: log2(1 + r) = r P(r) on |r| <= 1/32; reciprocal table of 1 + j/16.
fit("log2 P(r) = log2(1 + r) / r",
    removable(lambda r: mp.log(1 + r) / (r * mp.log(2)), 1 / mp.log(2)),
    -mp.mpf(1) / 32, mp.mpf(1) / 32, 4, 31)
print("/* round(2^31 / (1 + j/16)) and -log2 of it / 2^31, Q58 */")
for j in range(17):
    recip = fixed(1 / (1 + mp.mpf(j) / 16), 31)
    neglog = -mp.log(mp.mpf(recip) / mp.mpf(2) ** 31, 2)
    print("    { %du, %d }, /* 1 + %d/16: log2 = %s */"
          % (recip, fixed(neglog, 58), j, mp.nstr(neglog, 12)))

# atan: atan(t) = t Q(t^2) on t in [0, tan(pi/8)].
tan8 = mp.tan(mp.pi / 8)
fit("atan Q(u) = atan(sqrt(u)) / sqrt(u)",
    removable(lambda u: mp.atan(mp.sqrt(u)) / mp.sqrt(u), 1), 0, tan8 ** 2, 5, 30)
print("/* tan(pi/8) Q32 */ %du" % fixed(tan8, 32))
for name, v in (("pi/4", mp.pi / 4), ("pi/2", mp.pi / 2), ("pi", mp.pi)):
    print("/* %s Q30 */ %du" % (name, fixed(v, 30)))

# sin: sin(pi/2 g) = g S(g^2 / 4) on g in [0, 1].
fit("sin S(w) = sin(pi sqrt(w)) / (2 sqrt(w))",
    removable(lambda w: mp.sin(mp.pi * mp.sqrt(w)) / (2 * mp.sqrt(w)), mp.pi / 2),
    0, mp.mpf(1) / 4, 5, 29)
print("/* 2^48 / (2 pi): radians (Q16) to turns (Q64) */ %du" % fixed(1 / (2 * mp.pi), 48))

# exp and log: the change of base.
log2e = fixed(1 / mp.log(2), 48)
print("/* log2(e) * 2^16, Q32, in halves */ %du %du" % (log2e >> 32, log2e & 0xFFFFFFFF))
print("/* ln(2) Q31 */ %du" % fixed(mp.log(2), 31))
