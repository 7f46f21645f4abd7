// expect: false
// paths: 13
// a switch on an input (lowered) and a conditional expression (select)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int k = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k <= 3);
  int v = m > 10 ? m : 10;
  switch (k) {
  case 0: v += 1; break;
  case 2: v += 5; break;
  default: v += 2;
  }
  if (v == 20) reach_error();
  return 0;
}
