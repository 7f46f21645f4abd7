// expect: true
// three-way mutual recursion: residue modulo 3 in 0..2
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "recursion.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }

int r1(int n);
int r2(int n);
int r0(int n) { if (n == 0) return 0; return r2(n - 1); }
int r1(int n) { if (n == 0) return 1; return r0(n - 1); }
int r2(int n) { if (n == 0) return 2; return r1(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  int r = r0(n);
  __VERIFIER_assert(r >= 0 && r <= 2);
  return 0;
}
