// diff: short-circuit evaluation order (traced side effects), ternaries, logical operators as values
extern int __VERIFIER_nondet_int(void);
extern void __kappa_trace(long long v);

static int probe(int id, int v) {
  __kappa_trace(1000 + id);
  return v;
}

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int c = __VERIFIER_nondet_int();
  if (probe(1, a > 0) && probe(2, b > 0)) __kappa_trace(1); else __kappa_trace(2);
  if (probe(3, a < b) || probe(4, c == 0)) __kappa_trace(3); else __kappa_trace(4);
  if (probe(5, a & 1) && (probe(6, b & 1) || probe(7, c & 1))) __kappa_trace(5);
  int t = probe(8, a & 2) ? probe(9, b % 100) : probe(10, c % 100);
  __kappa_trace(t);
  __kappa_trace(!a);
  __kappa_trace(!!b);
  __kappa_trace(a && b);
  __kappa_trace(a || c);
  __kappa_trace((a > b) + (b > c) + (c > a));
  int sgn = a > 0 ? 1 : a < 0 ? -1 : 0;
  __kappa_trace(sgn);
  int lo = -100, hi = 100;
  int clamp = b < lo ? lo : b > hi ? hi : b;
  __kappa_trace(clamp);
  int mid = (a < b) ? ((b < c) ? b : (a < c) ? c : a) : ((a < c) ? a : (b < c) ? c : b);
  __kappa_trace(mid);
  int cnt = 0;
  cnt += (a > 0 && b > 0);
  cnt += (a < 0 || b < 0);
  cnt += !(c == 0);
  __kappa_trace(cnt);
  unsigned int flags = (a > 0) | (b > 0) << 1 | (c > 0) << 2;
  __kappa_trace(flags);
  return 0;
}
