// diff: integer conversions: sign vs zero extension, truncation to every narrower type, _Bool conversion
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern char __VERIFIER_nondet_char(void);
extern void __kappa_trace(long long v);

int main(void) {
  int i = __VERIFIER_nondet_int();
  unsigned int u = __VERIFIER_nondet_uint();
  long long ll = __VERIFIER_nondet_longlong();
  unsigned long long ull = __VERIFIER_nondet_ulonglong();
  char c = __VERIFIER_nondet_char();
  __kappa_trace(i);
  __kappa_trace(u);
  __kappa_trace(ll);
  __kappa_trace((long long)ull);
  __kappa_trace(c);
  __kappa_trace((long long)(unsigned long long)i);   /* sign-extended */
  __kappa_trace((long long)(unsigned int)i);         /* zero-extended */
  __kappa_trace((long long)(int)u);
  __kappa_trace((short)i);
  __kappa_trace((unsigned short)i);
  __kappa_trace((signed char)i);
  __kappa_trace((unsigned char)u);
  __kappa_trace((int)ll);
  __kappa_trace((unsigned int)ll);
  __kappa_trace((short)ull);
  __kappa_trace((unsigned short)ull);
  __kappa_trace((signed char)(ull >> 56));
  __kappa_trace((long long)(unsigned long long)c);
  __kappa_trace((long long)(unsigned short)c);
  __kappa_trace((unsigned char)c + 0);
  __kappa_trace((int)(short)(unsigned short)u);
  __kappa_trace((long long)(unsigned char)(i >> 4));
  _Bool b1 = i, b2 = ll, b3 = ull >> 40, b4 = i & 256, b5 = c;
  __kappa_trace(b1);
  __kappa_trace(b2);
  __kappa_trace(b3);
  __kappa_trace(b4);
  __kappa_trace(b5);
  __kappa_trace(b1 + b2 + b3 + b4 + b5);
  if ((unsigned int)i == u) __kappa_trace(1); else __kappa_trace(2);
  if ((short)i < 0) __kappa_trace(3); else __kappa_trace(4);
  if ((signed char)u == (signed char)c) __kappa_trace(5); else __kappa_trace(6);
  if ((int)ll < 0) __kappa_trace(7); else __kappa_trace(8);
  return 0;
}
