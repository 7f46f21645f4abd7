// expect: false
// an index that may leave the array, with an error on the in-range side:
// found (the out-of-range side only adds a failed leaf)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int a[4] = {1, 2, 3, 4};
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (a[i] == 3) reach_error();
  return 0;
}
