// Table 1 "packet decoder": packets of (type, value) until a terminator;
// the target needs 5 data packets whose values sum to 100.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned int packets = 0, sum = 0;
  while (1) {
    unsigned char type = __VERIFIER_nondet_uchar();
    if (type == 0) break;
    unsigned char value = __VERIFIER_nondet_uchar();
    if (type == 1) { packets++; sum += value; }
    if (packets > 100) return 0;
  }
  if (packets == 5 && sum == 100) reach_error();
  return 0;
}
