// expect: false
// prune: none
// A destructor reaches reach_error after main returns.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int g;
__attribute__((destructor)) static void fini(void) {
  if (g == 3)
    reach_error();
}
int main(void) {
  g = __VERIFIER_nondet_int();
  return 0;
}
