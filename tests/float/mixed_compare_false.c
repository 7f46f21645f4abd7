// expect: false
// f == i compares in float, where 16777217 rounds to 16777216; in double
// the two differ
extern void reach_error(void);
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i > 0);
  float f = (float)i;
  if (f == i && (double)f != (double)i) reach_error();
  return 0;
}
