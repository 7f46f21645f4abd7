// diff: ILP32 comparisons between signed and unsigned operands of all widths (usual arithmetic conversions)
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long long __VERIFIER_nondet_longlong(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern void __kappa_trace(long long v);

int main(void) {
  int i = __VERIFIER_nondet_int();
  unsigned int u = __VERIFIER_nondet_uint();
  long l = __VERIFIER_nondet_long();
  unsigned long ul = __VERIFIER_nondet_ulong();
  long long ll = __VERIFIER_nondet_longlong();
  char c = __VERIFIER_nondet_char();
  unsigned char uc = __VERIFIER_nondet_uchar();
  short s = __VERIFIER_nondet_short();
  unsigned short us = __VERIFIER_nondet_ushort();
  __kappa_trace(i < u);
  __kappa_trace((long long)i < (long long)u);
  __kappa_trace(l < u);          /* ILP32: long and unsigned int -> unsigned long */
  __kappa_trace(ll < u);         /* unsigned int -> long long: signed comparison */
  __kappa_trace(ll < ul);        /* ILP32: unsigned long is 32 bits -> long long */
  __kappa_trace(l < ul);
  __kappa_trace(c < uc);         /* both promoted to int */
  __kappa_trace(s < us);
  __kappa_trace(i < us);
  __kappa_trace(u < s);          /* s converted to unsigned int */
  __kappa_trace(c == -1);
  __kappa_trace(uc == 255);
  __kappa_trace(i == u);
  __kappa_trace(l >= 0);
  __kappa_trace(i + u);
  __kappa_trace(l + ul);
  __kappa_trace((ll >> 2) + u);
  __kappa_trace(c + u);
  __kappa_trace(s * 2 + us);
  if (i < 0 && i < u) __kappa_trace(100);
  if (i < 0 && !(i < u)) __kappa_trace(101);
  if (s < 0 && s < us) __kappa_trace(102);
  if (l < 0 && l < u) __kappa_trace(103);
  if (l < 0 && (long long)l < u) __kappa_trace(104);
  int mx = (i > (int)u) ? i : (int)u;
  __kappa_trace(mx);
  unsigned int umx = (u > (unsigned int)i) ? u : (unsigned int)i;
  __kappa_trace(umx);
  return 0;
}
