// expect: false
// classic: slow
// An 8-bit count that grows by 16 per taken branch wraps to 0 after 16 of
// them (4*4 iterations): reachable only modulo 2^8 (with mathematical
// integers c would be 256, and the error unreachable).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 16) return 0;
  unsigned char c = 0;
  unsigned all = 0;
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < n; j++)
      if (__VERIFIER_nondet_int()) { c += 16; all++; }
  if (n == 4 && all == 16 && c == 0) reach_error();
  return 0;
}
