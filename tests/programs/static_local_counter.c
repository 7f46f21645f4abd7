// expect: false
// a static local variable keeps its value across calls
// witness: 5
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

static int tick(void) {
  static int count = 0;
  count++;
  return count;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 8);
  int last = 0;
  for (int i = 0; i < n; i++) last = tick();
  if (last == 5 && tick() == 6) reach_error();
  return 0;
}
