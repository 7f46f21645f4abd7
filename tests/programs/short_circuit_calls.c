// expect: false
// || evaluates its right operand only when the left one is zero
// witness: 0 1
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int calls = 0;
static int f(int v) { calls++; return v; }

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int r = f(a) || f(b);
  if (r == 1 && calls == 2) reach_error();
  return 0;
}
