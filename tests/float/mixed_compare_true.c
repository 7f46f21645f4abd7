// expect: true
// in double every int is exact: a double made from an int equals it in
// double
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  double d = (double)i;
  if (d == i && (double)(int)d != d) reach_error();
  return 0;
}
