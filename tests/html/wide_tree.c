// expect: true
// A tree of 2^6 paths: each bit of the input is a branch. Graphviz draws
// the tree much wider than the page's tree box, with its root in the middle
// of the top row (the HTML report must show it scaled to the box).
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);

int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  int ones = 0;
  if (x & 1u) ones++;
  if (x & 2u) ones++;
  if (x & 4u) ones++;
  if (x & 8u) ones++;
  if (x & 16u) ones++;
  if (x & 32u) ones++;
  if (ones > 6) reach_error();
  return 0;
}
