void test()
{
    int x;
    x = test1();
}
