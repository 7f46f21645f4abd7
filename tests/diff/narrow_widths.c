// diff: char, signed char, unsigned char, short, unsigned short: promotion, truncation, sign/zero extension
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern void __kappa_trace(long long v);

int main(void) {
  char c = __VERIFIER_nondet_char();
  signed char sc = (signed char)__VERIFIER_nondet_char();
  unsigned char uc = __VERIFIER_nondet_uchar();
  short s = __VERIFIER_nondet_short();
  unsigned short us = __VERIFIER_nondet_ushort();
  __kappa_trace(c);
  __kappa_trace(sc);
  __kappa_trace(uc);
  __kappa_trace(s);
  __kappa_trace(us);
  __kappa_trace(c + uc);
  __kappa_trace(sc * uc);
  __kappa_trace(s * s);                    /* int: at most 2^30 */
  __kappa_trace(s * sc);
  __kappa_trace((unsigned int)us * us);    /* must not be done in int */
  __kappa_trace(us + us);
  __kappa_trace(~uc);
  __kappa_trace(~us);
  __kappa_trace(-c);
  __kappa_trace(-s);
  __kappa_trace((unsigned char)s);
  __kappa_trace((signed char)us);
  __kappa_trace((short)(us + 1));
  __kappa_trace((unsigned short)(s - 1));
  __kappa_trace((unsigned char)(uc + 1));
  __kappa_trace((char)(c * 3));
  __kappa_trace((unsigned int)c);          /* sign extension then reinterpretation */
  __kappa_trace((unsigned int)(unsigned char)c);
  __kappa_trace((unsigned short)sc);
  __kappa_trace((short)uc);
  if (c < uc) __kappa_trace(1); else __kappa_trace(2);
  if (s < us) __kappa_trace(3); else __kappa_trace(4);
  if (sc == (signed char)uc) __kappa_trace(5); else __kappa_trace(6);
  if ((unsigned char)c == uc) __kappa_trace(7);
  unsigned char t = uc;
  t += 200;
  __kappa_trace(t);
  t -= 250;
  __kappa_trace(t);
  unsigned short v = us;
  v *= 3;
  __kappa_trace(v);
  signed char w = sc;
  w += 100;
  __kappa_trace(w);
  short x = s;
  x >>= 3;
  __kappa_trace(x);
  return 0;
}
