// diff: 32-bit int and unsigned arithmetic, widened products, guarded division, comparisons
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __kappa_trace(long long v);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  unsigned int u = __VERIFIER_nondet_uint();
  __kappa_trace(a);
  __kappa_trace(b);
  __kappa_trace(u);
  __kappa_trace((long long)a + b);
  __kappa_trace((long long)a - b);
  __kappa_trace((long long)a * b);
  unsigned int ua = (unsigned int)a, ub = (unsigned int)b;
  __kappa_trace(ua + ub);
  __kappa_trace(ua - ub);
  __kappa_trace(ua * ub);
  __kappa_trace((int)(ua + ub));           /* wraps back into int */
  __kappa_trace(ua * u + 7u);
  if (a < b) __kappa_trace(1); else __kappa_trace(2);
  if (ua < ub) __kappa_trace(3); else __kappa_trace(4);
  if (a == b) __kappa_trace(5);
  if (b != 0 && !(a == -2147483647 - 1 && b == -1)) {
    __kappa_trace(a / b);
    __kappa_trace(a % b);
  } else {
    __kappa_trace(-999);
  }
  if (ub != 0) {
    __kappa_trace(ua / ub);
    __kappa_trace(ua % ub);
  } else {
    __kappa_trace(-998);
  }
  if (u != 0) __kappa_trace(ua % u); else __kappa_trace(-997);
  /* small-range signed arithmetic without widening */
  int sa = a % 1000, sb = b % 1000;
  __kappa_trace(sa * sb);
  __kappa_trace(sa - sb * 3);
  if (sa > 0 && sb > 0) __kappa_trace(10);
  else if (sa < 0 || sb < 0) __kappa_trace(11);
  else __kappa_trace(12);
  int neg = (a == -2147483647 - 1) ? 0 : -a;
  __kappa_trace(neg);
  return 0;
}
