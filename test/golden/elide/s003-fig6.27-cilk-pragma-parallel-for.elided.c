void fragment(void)
{
for(int i=0;i<10;i++)
{

}
}
