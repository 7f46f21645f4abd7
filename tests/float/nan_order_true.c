// expect: true
// without NaNs (x == x holds only for a number) the order is total
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  float y = __VERIFIER_nondet_float();
  __VERIFIER_assume(x == x && y == y);
  if (!(x < y || x >= y)) reach_error();
  return 0;
}
