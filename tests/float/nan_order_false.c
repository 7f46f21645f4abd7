// expect: false
// with a NaN operand every ordered comparison is false: x < y and x >= y
// can both fail
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  float y = __VERIFIER_nondet_float();
  if (!(x < y || x >= y)) reach_error();
  return 0;
}
