// expect: false
// A concrete loop of 10^7 iterations whose end state reaches the error.
extern void reach_error(void);

int main(void) {
  unsigned int x = 0, z = 0;
  while (x < 10000000u) {
    if (x >= 5000000u)
      z++;
    x++;
  }
  if (z == 5000000u)
    reach_error();
  return 0;
}
