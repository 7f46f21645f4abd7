// Error path through three functions: the input is read in read_bounded,
// the loop is in main and reach_error is called in check (the witness's
// waypoints name the function containing each; both helpers are inlined
// into main by kappa, which must not change the names).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "in_functions.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

int read_bounded(void) {
  int v = __VERIFIER_nondet_int();
  if (v < 0)
    return 0;
  return v;
}

void check(int s) {
  if (s == 7)
    reach_error();
}

int main(void) {
  int s = 0;
  for (int i = 0; i < 2; i++)
    s += read_bounded();
  check(s);
  return 0;
}
