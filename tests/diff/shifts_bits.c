// diff: shifts with masked amounts, rotations, bit tricks on unsigned and signed ints
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
extern void __kappa_trace(long long v);

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = __VERIFIER_nondet_uint();
  int i = __VERIFIER_nondet_int();
  int s = __VERIFIER_nondet_int();
  unsigned int r = (unsigned int)s & 31u;
  __kappa_trace(x);
  __kappa_trace(y);
  __kappa_trace(i);
  __kappa_trace(r);
  __kappa_trace(x << r);
  __kappa_trace(x >> r);
  __kappa_trace(i >> r);                      /* arithmetic for negative i */
  __kappa_trace((x << r) | (x >> ((32u - r) & 31u)));
  __kappa_trace(x & y);
  __kappa_trace(x | y);
  __kappa_trace(x ^ y);
  __kappa_trace(~x);
  __kappa_trace(x & (0u - x));               /* lowest set bit */
  __kappa_trace(x & (x - 1u));
  __kappa_trace(i & 0xff);
  __kappa_trace(i | 0x0f0f0f0f);
  __kappa_trace(i ^ -1);
  __kappa_trace(~i);
  int pc = 0;
  for (int k = 0; k < 32; k++) pc += (x >> k) & 1u;
  __kappa_trace(pc);
  if (pc & 1) __kappa_trace(100); else __kappa_trace(101);
  int lead = 32;
  for (int k = 31; k >= 0; k--) {
    if ((y >> k) & 1u) { lead = 31 - k; break; }
  }
  __kappa_trace(lead);
  if (i >= 0) __kappa_trace(((i & 0xfffff) << (r & 7u)) >> 2);   /* non-negative, small value, small amount */
  unsigned int bswap = (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
  __kappa_trace(bswap);
  if ((x ^ y) & 0x80000000u) __kappa_trace(102); else __kappa_trace(103);
  return 0;
}
