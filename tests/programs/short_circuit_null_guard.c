// expect: true
// && and || guard a pointer that may be null from being dereferenced
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  _Bool flag = __VERIFIER_nondet_bool();
  int *p = flag ? &x : 0;
  if (p && *p == 3 && !flag) reach_error();
  if (!p && flag) reach_error();
  int y = (p == 0 || *p > 5) ? 1 : 0;
  if (flag && x <= 5 && y) reach_error();
  if (!flag && !y) reach_error();
  return 0;
}
