// expect: false
// call through an array of function pointers selected by an input
// witness: 2 3 4
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }

int (*ops[3])(int, int) = {add, sub, mul};

int main(void) {
  int op = __VERIFIER_nondet_int();
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  __VERIFIER_assume(op >= 0 && op < 3);
  __VERIFIER_assume(a >= 0 && a <= 10 && b >= 0 && b <= 10);
  int r = ops[op](a, b);
  if (r == 12 && op == 2 && a < b) reach_error();
  return 0;
}
