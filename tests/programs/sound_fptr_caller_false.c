// expect: false
// A global function pointer to a function that calls reach_error.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static void check(int v) {
  if (v == 3)
    reach_error();
}
void (*hook)(int);
int main(void) {
  hook = check;
  int x = __VERIFIER_nondet_int();
  hook(x);
  return 0;
}
