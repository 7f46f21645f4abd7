// diff: LP64 long/unsigned long arithmetic, conversions and comparisons where long is 64-bit
// data-model: LP64
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __kappa_trace(long long v);

#define L_MIN (-9223372036854775807L - 1)

int main(void) {
  long l = __VERIFIER_nondet_long();
  long m = __VERIFIER_nondet_long();
  unsigned long ul = __VERIFIER_nondet_ulong();
  int i = __VERIFIER_nondet_int();
  unsigned int u = __VERIFIER_nondet_uint();
  __kappa_trace(l);
  __kappa_trace(m);
  __kappa_trace((long long)ul);
  __kappa_trace(sizeof(long));
  __kappa_trace(sizeof(void *));
  __kappa_trace(l < u);          /* LP64: unsigned int -> long, signed comparison */
  __kappa_trace(l < ul);
  __kappa_trace(i < ul);
  __kappa_trace((long)i * (long)i);
  __kappa_trace((long)(u >> 1) * (long)(u >> 1));
  __kappa_trace((long)(ul + (unsigned long)l));
  __kappa_trace((long)(ul * (unsigned long)m));
  __kappa_trace((int)l);
  __kappa_trace((unsigned int)ul);
  __kappa_trace((long)(unsigned int)i);
  __kappa_trace((long)i);
  __kappa_trace((unsigned long)i == (unsigned long)(long)i);
  __kappa_trace((long)(ul >> (u & 63u)));
  __kappa_trace(l >> (u & 63u));
  __kappa_trace((long)(ul << (i & 63)));
  if (m != 0 && !(l == L_MIN && m == -1)) {
    __kappa_trace(l / m);
    __kappa_trace(l % m);
  } else {
    __kappa_trace(-1);
  }
  if (ul != 0) __kappa_trace((long)((unsigned long)l / ul)); else __kappa_trace(-2);
  long sl = l % 3000000000L, sm = m % 3000000000L;
  __kappa_trace(sl * sm);           /* |product| < 9e18 */
  __kappa_trace(sl + sm);
  if (sl > 2147483647L) __kappa_trace(1);
  else if (sl < -2147483647L - 1) __kappa_trace(2);
  else __kappa_trace(3);
  long arr[4];
  for (int k = 0; k < 4; k++) arr[k] = sl + k;
  long *p = arr + (u & 3u);
  __kappa_trace(p - arr);
  __kappa_trace(*p);
  return 0;
}
