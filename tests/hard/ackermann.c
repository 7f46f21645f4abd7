// expect: true
// Ackermann function on small nondet arguments: tens of thousands of nested calls, checked against closed forms.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

static int ack(int m, int n) {
  if (m == 0)
    return n + 1;
  if (n == 0)
    return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}

int main(void) {
  int m = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(m >= 0 && m <= 3 && n >= 0 && n <= 5);
  int r = ack(m, n);
  int want = m == 0 ? n + 1 : m == 1 ? n + 2 : m == 2 ? 2 * n + 3 : (1 << (n + 3)) - 3;
  if (r != want)
    reach_error();
  return 0;
}
