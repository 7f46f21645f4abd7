// expect: true
// A concrete loop of 10^8 iterations with one path: only speed and flat memory can finish it.
extern void reach_error(void);

int main(void) {
  unsigned int x = 0, z = 0;
  while (x < 100000000u) {
    if (x >= 50000000u)
      z++;
    x++;
  }
  if (z != 50000000u)
    reach_error();
  return 0;
}
