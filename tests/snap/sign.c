extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int sign(int x) {
  if (x > 0) return 1;
  if (x < 0) return -1;
  return 0;
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int s = sign(a);
  if (s < 0 && a > -5) reach_error();
  return 0;
}
