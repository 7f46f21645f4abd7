// expect: true
// function pointer chosen by a boolean and passed as a callback
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);

typedef int (*fn_t)(int);
static int twice(int x) { return 2 * x; }
static int negate(int x) { return -x; }
static int apply(fn_t f, int x) { return f(x); }

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= -1000 && x <= 1000);
  _Bool b = __VERIFIER_nondet_bool();
  fn_t f = b ? twice : negate;
  int r = apply(f, x);
  if (b && r != x + x) reach_error();
  if (!b && r + x != 0) reach_error();
  if (f == 0) reach_error();
  if (b && f != twice) reach_error();
  return 0;
}
