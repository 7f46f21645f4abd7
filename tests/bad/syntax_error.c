extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int twice(int v) { return 2 * v }

int main(void) {
  int x = __VERIFIER_nondet_int();
  if ((twice(x) == 10) {
    reach_error()
  }
  return 0;
