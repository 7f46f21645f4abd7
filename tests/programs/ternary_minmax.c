// expect: true
// min/max/sign computed with (nested) conditional expressions
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int mn = a < b ? a : b;
  int mx = a < b ? b : a;
  if (mn > mx) reach_error();
  if ((long long)mn + mx != (long long)a + b) reach_error();
  int sgn = a > 0 ? 1 : a < 0 ? -1 : 0;
  if (sgn == 1 && a <= 0) reach_error();
  if (sgn == -1 && a >= 0) reach_error();
  if (sgn == 0 && a != 0) reach_error();
  return 0;
}
