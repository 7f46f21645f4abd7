// expect: unknown
// native mode does not take floating-point inputs: unknown, never true
// (classic execution proves the program true)
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float f = __VERIFIER_nondet_float();
  if (f > 1.0f && f < 0.5f) reach_error();
  return 0;
}
