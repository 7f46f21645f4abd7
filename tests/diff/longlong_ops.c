// diff: 64-bit long long / unsigned long long arithmetic on a 32-bit target (mul, div, rem, shifts)
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern int __VERIFIER_nondet_int(void);
extern void __kappa_trace(long long v);

#define LL_MIN (-9223372036854775807LL - 1)

int main(void) {
  long long a = __VERIFIER_nondet_longlong();
  long long b = __VERIFIER_nondet_longlong();
  unsigned long long ua = __VERIFIER_nondet_ulonglong();
  unsigned long long ub = __VERIFIER_nondet_ulonglong();
  int s = __VERIFIER_nondet_int();
  __kappa_trace(a);
  __kappa_trace(b);
  __kappa_trace((long long)ua);
  __kappa_trace((long long)ub);
  __kappa_trace((long long)(ua + ub));
  __kappa_trace((long long)(ua - ub));
  __kappa_trace((long long)(ua * ub));
  __kappa_trace((long long)((unsigned long long)a * (unsigned long long)b));
  if (ub != 0) {
    __kappa_trace((long long)(ua / ub));
    __kappa_trace((long long)(ua % ub));
  } else {
    __kappa_trace(-1);
  }
  if (b != 0 && !(a == LL_MIN && b == -1)) {
    __kappa_trace(a / b);
    __kappa_trace(a % b);
  } else {
    __kappa_trace(-2);
  }
  long long sa = a % 1000000007LL, sb = b % 1000000007LL;
  __kappa_trace(sa * sb);
  __kappa_trace(sa + sb);
  if (sb != 0) __kappa_trace(sa / sb); else __kappa_trace(-3);
  unsigned int amt = (unsigned int)s & 63u;
  __kappa_trace((long long)(ua << amt));
  __kappa_trace((long long)(ua >> amt));
  __kappa_trace(a >> amt);                  /* arithmetic shift of a possibly negative value */
  __kappa_trace((long long)(ua >> 32));
  __kappa_trace((int)a);
  __kappa_trace((unsigned int)ua);
  if (a < b) __kappa_trace(10); else __kappa_trace(11);
  if (ua < ub) __kappa_trace(12); else __kappa_trace(13);
  if ((unsigned long long)a < ub) __kappa_trace(14); else __kappa_trace(15);
  if (a < 0) __kappa_trace(16);
  if (ua > 9223372036854775807ULL) __kappa_trace(17);
  return 0;
}
