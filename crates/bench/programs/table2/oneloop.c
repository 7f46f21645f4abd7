// OneLoop: a counter stepped by 4 never equals 15 (unreachable).
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned x = 0;
  for (unsigned k = 0; k < n; k++)
    x += 4;
  if (x == 15)
    reach_error();
  return 0;
}
