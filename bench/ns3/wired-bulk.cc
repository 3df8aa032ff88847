// The bench-wired scene in ns-3 (3.37, Debian's libns3-dev), for the
// side-by-side benchmark (bench/vs-ns3.ts). One CUBIC bulk flow and a ping:
//
//   host --(1 Gbit/s, 0.1 ms)--> router --(100 Mbit/s, 10 ms)--> receiver
//   pfifo_fast                   fq_codel or pfifo_fast (1000 packets)
//
// Set as TSQ Lab's bench-wired preset is (src/sim/scenario/presets/bench-scenes.ts);
// what ns-3 cannot express the same way is listed in bench/ns3/README.md.
// Prints one line of key=value pairs (bench/ns3/ns3-output.ts reads it).
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-apps-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include "stats.h"

using namespace ns3;

namespace
{
Samples g_tcpRttMs;  // per-ACK RTT samples of the flow, after the warm-up
Samples g_pingMs;    // ping RTTs after the warm-up
Samples g_sojournMs; // time each packet spent in the bottleneck qdisc, after the warm-up
bool g_measuring = false;
uint64_t g_rxAtWarmup = 0;

void OnRtt(Time, Time rtt)
{
    if (g_measuring)
        g_tcpRttMs.Add(rtt.GetSeconds() * 1e3);
}

void OnPing(Time rtt)
{
    if (g_measuring)
        g_pingMs.Add(rtt.GetSeconds() * 1e3);
}

void OnSojourn(Time t)
{
    if (g_measuring)
        g_sojournMs.Add(t.GetSeconds() * 1e3);
}

void StartMeasuring(Ptr<PacketSink> sink)
{
    g_measuring = true;
    g_rxAtWarmup = sink->GetTotalRx();
}

// The sender's socket exists once BulkSend has started.
void HookRtt()
{
    Config::ConnectWithoutContext("/NodeList/0/$ns3::TcpL4Protocol/SocketList/0/RTT", MakeCallback(&OnRtt));
}
} // namespace

int main(int argc, char* argv[])
{
    Clocks clocks;
    std::string qdisc = "fq_codel";
    double simTime = 20;
    double warmup = 2;
    double pingInterval = 0.1;
    CommandLine cmd(__FILE__);
    cmd.AddValue("qdisc", "bottleneck qdisc: fq_codel | pfifo_fast", qdisc);
    cmd.AddValue("simTime", "simulated seconds", simTime);
    cmd.AddValue("warmup", "seconds before the measurement starts", warmup);
    cmd.Parse(argc, argv);

    ConfigureTcp();

    NodeContainer nodes;
    nodes.Create(3); // 0 host, 1 router, 2 receiver
    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    access.SetChannelAttribute("Delay", StringValue("0.1ms"));
    // The NIC rings of the scene (ringSlots 256, with BQL in front).
    access.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("256p"));
    PointToPointHelper bottleneck;
    bottleneck.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
    bottleneck.SetChannelAttribute("Delay", StringValue("10ms"));
    bottleneck.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("256p"));
    NetDeviceContainer d01 = access.Install(nodes.Get(0), nodes.Get(1));
    NetDeviceContainer d12 = bottleneck.Install(nodes.Get(1), nodes.Get(2));

    InternetStackHelper stack;
    stack.Install(nodes);

    // Root qdiscs go in before the addresses (Ipv4AddressHelper installs fq_codel where none is).
    TrafficControlHelper hostTc; // the host: pfifo_fast, txqueuelen 1000
    hostTc.SetRootQueueDisc("ns3::PfifoFastQueueDisc", "MaxSize", StringValue("1000p"));
    hostTc.SetQueueLimits("ns3::DynamicQueueLimits");
    hostTc.Install(d01.Get(0));
    TrafficControlHelper routerTc;
    if (qdisc == "fq_codel") // limit 10240, 1024 flows, target 5 ms, interval 100 ms, no ECN
        routerTc.SetRootQueueDisc("ns3::FqCoDelQueueDisc", "UseEcn", BooleanValue(false));
    else if (qdisc == "pfifo_fast")
        routerTc.SetRootQueueDisc("ns3::PfifoFastQueueDisc", "MaxSize", StringValue("1000p"));
    else
        NS_FATAL_ERROR("--qdisc: expected fq_codel or pfifo_fast, got " << qdisc);
    routerTc.SetQueueLimits("ns3::DynamicQueueLimits");
    Ptr<QueueDisc> q = routerTc.Install(d12.Get(0)).Get(0);
    q->TraceConnectWithoutContext("SojournTime", MakeCallback(&OnSojourn));

    Ipv4AddressHelper addr;
    addr.SetBase("10.0.1.0", "255.255.255.0");
    addr.Assign(d01);
    addr.SetBase("10.0.2.0", "255.255.255.0");
    Ipv4InterfaceContainer if12 = addr.Assign(d12);
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    uint16_t port = 5000;
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinkApp = sinkHelper.Install(nodes.Get(2));
    Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkApp.Get(0));
    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(if12.GetAddress(1), port));
    bulk.SetAttribute("MaxBytes", UintegerValue(0));
    bulk.SetAttribute("SendSize", UintegerValue(1448));
    bulk.Install(nodes.Get(0)).Start(Seconds(0));
    V4PingHelper ping(if12.GetAddress(1));
    ping.SetAttribute("Interval", TimeValue(Seconds(pingInterval)));
    ApplicationContainer pingApp = ping.Install(nodes.Get(0));
    pingApp.Start(Seconds(pingInterval));
    pingApp.Get(0)->TraceConnectWithoutContext("Rtt", MakeCallback(&OnPing));

    Simulator::Schedule(MicroSeconds(1), &HookRtt);
    Simulator::Schedule(Seconds(warmup), &StartMeasuring, sink);
    Simulator::Stop(Seconds(simTime));
    clocks.StartRun();
    Simulator::Run();
    clocks.EndRun();

    uint64_t events = Simulator::GetEventCount();
    double goodputMbps = (sink->GetTotalRx() - g_rxAtWarmup) * 8.0 / (simTime - warmup) / 1e6;
    QueueDisc::Stats st = q->GetStats();
    Simulator::Destroy();
    printf("scene=wired qdisc=%s sim_s=%g events=%llu goodput_mbps=%.3f tcp_rtt_ms_p50=%.3f "
           "ping_ms_p50=%.3f ping_ms_min=%.3f qdisc_sojourn_ms_p50=%.3f qdisc_drops=%u %s\n",
           qdisc.c_str(), simTime, (unsigned long long)events, goodputMbps, g_tcpRttMs.Quantile(0.5),
           g_pingMs.Quantile(0.5), g_pingMs.Quantile(0), g_sojournMs.Quantile(0.5),
           st.nTotalDroppedPackets, clocks.Text().c_str());
    return 0;
}
