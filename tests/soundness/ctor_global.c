// expect: false
// A constructor changes the initial value of a global that main tests.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int g = 0;
__attribute__((constructor)) static void init(void) { g = 1; }
int main(void) {
  if (g == 1)
    reach_error();
  return 0;
}
